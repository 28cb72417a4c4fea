import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  bearer,
  createCall,
  createCampus,
  createDegree,
  createNotification,
  createOrganization,
  createProject,
  createStudent,
  createUniversity,
  unique,
} from '../../../test/helpers/factories';
import { related, send, type Entity } from '../../../test/helpers/http';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

/** As the admin unless other headers are given. */
const request = (
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  payload?: unknown,
  headers = admin,
) => send(app, method, url, { payload, headers });

describe('create', () => {
  it('when an admin creates a campus (spec §7 Admin), the answer is the new entry', async () => {
    const name = unique('Campus nuevo');
    const { status, body } = await request('POST', '/api/campuses', { data: { name } });
    expect(status).toBe(200);
    expect(body.data.attributes.name).toBe(name);
    expect(body.data.id).toBeGreaterThan(0);
  });

  it('when a degree is created with campuses (spec §7), the relation is written and can be populated', async () => {
    const a = await createCampus();
    const b = await createCampus();
    const { status, body } = await request('POST', '/api/degrees?populate=campuses', {
      data: { name: unique('Máster'), duration: 1, master: true, campuses: [a.id, b.id] },
    });
    expect(status).toBe(200);
    expect((related(body.data, 'campuses') as Entity[]).map((c) => c.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it('when a call is created with degrees and dates (spec §7), they are stored as given', async () => {
    const degree = await createDegree();
    const { body } = await request('POST', '/api/calls?populate=degrees', {
      data: {
        name: unique('Convocatoria'),
        degrees: [degree.id],
        academic_period_start: '2026-09-15',
        academic_period_end: '2027-06-30',
        description: 'Curso 2026/27',
      },
    });
    expect(body.data.attributes).toMatchObject({
      academic_period_start: '2026-09-15',
      academic_period_end: '2027-06-30',
    });
    expect((related(body.data, 'degrees') as Entity[]).map((d) => d.id)).toEqual([degree.id]);
  });

  it('when a draft/publish entry is created, it is published unless publishedAt is null', async () => {
    // Resources have no workflow of their own (a project's status decides its publication).
    const published = await request('POST', '/api/resources', { data: { title: unique('R') } });
    expect(published.body.data.attributes.publishedAt).toEqual(expect.any(String));
    const draft = await request('POST', '/api/resources', {
      data: { title: unique('R'), publishedAt: null },
    });
    expect(draft.body.data.attributes.publishedAt).toBeNull();
  });

  it('when a component is written, it is validated and answered when populated', async () => {
    const sections = [
      {
        rows: [
          {
            columns: [
              {
                links: [
                  { title: 'Aviso legal', url: '/legal', text: 'Aviso legal', language: 'es' },
                ],
              },
            ],
          },
        ],
      },
    ];
    const { status, body } = await request('POST', '/api/footer-sections?populate=FooterSection', {
      data: { FooterSection: sections },
    });
    expect(status).toBe(200);
    expect(body.data.attributes.FooterSection).toEqual(sections);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown attribute', { title: 'x', type: 'TFG/TFM', nope: 1 }, /Invalid key nope/],
    [
      'a read-only attribute',
      { title: 'x', type: 'TFG/TFM', createdAt: '2020-01-01' },
      /createdAt cannot be written/,
    ],
    ['a missing required attribute', { type: 'TFG/TFM' }, /title must be defined/],
    [
      'a value outside the vocabulary',
      { title: 'x', type: 'TFG/TFM', status: 'Aprobado' },
      /status must be one of/,
    ],
    ['a string too long', { title: 'x'.repeat(256), type: 'TFG/TFM' }, /at most 255/],
    ['a wrong type', { title: 7, type: 'TFG/TFM' }, /title/],
    ['an ODS out of range', { title: 'x', type: 'TFG/TFM', ods: [18] }, /ods/],
    ['a NUL byte', { title: 'a\u0000b', type: 'TFG/TFM' }, /NUL/],
    [
      'a bad date',
      { title: 'x', type: 'TFG/TFM', application_deadline: '2026-02-30' },
      /must be a date/,
    ],
    [
      'a relation to a missing entry',
      { title: 'x', type: 'TFG/TFM', organization: 2147483647 },
      /no organization with id 2147483647/,
    ],
    [
      'a relation given as text',
      { title: 'x', type: 'TFG/TFM', organization: 'Cruz Roja' },
      /organization must be an id/,
    ],
  ];
  it.each(invalid)(
    'when the data has %s, the answer is 400 and nothing is written',
    async (_name, data, message) => {
      const title = unique('Invalid');
      const { status, body } = await request('POST', '/api/projects', {
        data: { ...data, title: data.title === 'x' ? title : data.title },
      });
      expect(status).toBe(400);
      expect(body.error?.name).toBe('ValidationError');
      expect(body.error?.message).toMatch(message);
      const after = await request(
        'GET',
        `/api/projects?filters[title]=${title}&publicationState=preview`,
      );
      expect(after.body.data).toEqual([]);
    },
  );

  it('when several attributes are wrong, every one is reported', async () => {
    const { body } = await request('POST', '/api/projects', { data: { nope: 1, status: 'X' } });
    expect(body.error?.message).toBe('4 errors occurred');
    expect(body.error?.details.errors?.map((e) => e.path[0]).sort()).toEqual([
      'nope',
      'status',
      'title',
      'type',
    ]);
  });

  it('when the body has no data, the answer is 400', async () => {
    for (const payload of [{}, { data: [] }, { data: 'x' }]) {
      const { status, body } = await request('POST', '/api/campuses', payload);
      expect(status).toBe(400);
      expect(body.error?.message).toMatch(/data/);
    }
  });

  it('when a later relation write fails, the whole create is rolled back', async () => {
    const name = unique('Rollback');
    const { status } = await request('POST', '/api/degrees', {
      data: { name, campuses: [2147483647] },
    });
    expect(status).toBe(400);
    expect((await request('GET', `/api/degrees?filters[name]=${name}`)).body.data).toEqual([]);
  });

  it('when a visitor creates, the answer is 403', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/campuses',
      payload: { data: { name: 'x' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 403, name: 'ForbiddenError' },
    });
  });
});

describe('update', () => {
  it('when an admin updates some attributes, the others stay', async () => {
    const organization = await createOrganization({ sector: 'Salud' });
    const { body } = await request('PUT', `/api/organizations/${organization.id}`, {
      data: { size: '10-50' },
    });
    expect(body.data.attributes).toMatchObject({
      size: '10-50',
      sector: 'Salud',
      name: organization.name,
    });
  });

  it('when a required attribute is set to null, the answer is 400', async () => {
    const organization = await createOrganization();
    const { status } = await request('PUT', `/api/organizations/${organization.id}`, {
      data: { name: null },
    });
    expect(status).toBe(400);
  });

  it('when many-to-many relations use connect, disconnect and set, the links follow', async () => {
    const [a, b, c] = [await createCampus(), await createCampus(), await createCampus()];
    const degree = await createDegree({}, [a.id]);
    const ids = async () =>
      (
        related(
          (await request('GET', `/api/degrees/${degree.id}?populate=campuses`)).body.data,
          'campuses',
        ) as Entity[]
      )
        .map((x) => x.id)
        .sort();
    await request('PUT', `/api/degrees/${degree.id}`, {
      data: { campuses: { connect: [b.id, { id: c.id }] } },
    });
    expect(await ids()).toEqual([a.id, b.id, c.id].sort());
    await request('PUT', `/api/degrees/${degree.id}`, {
      data: { campuses: { disconnect: [a.id] } },
    });
    expect(await ids()).toEqual([b.id, c.id].sort());
    await request('PUT', `/api/degrees/${degree.id}`, { data: { campuses: [a.id] } });
    expect(await ids()).toEqual([a.id]);
    await request('PUT', `/api/degrees/${degree.id}`, { data: { campuses: { set: [] } } });
    expect(await ids()).toEqual([]);
  });

  it('when a one-to-many relation is set from its inverse side, the children move', async () => {
    const first = await createUniversity();
    const second = await createUniversity();
    const campus = await createCampus({ universityId: first.id });
    await request('PUT', `/api/universities/${second.id}`, { data: { centers: [campus.id] } });
    const { body } = await request('GET', `/api/campuses/${campus.id}?populate=university`);
    expect((related(body.data, 'university') as Entity).id).toBe(second.id);
  });

  it('when a to-one relation is set to null, it is unlinked', async () => {
    const campus = await createCampus();
    const { body } = await request('PUT', `/api/campuses/${campus.id}?populate=university`, {
      data: { university: null },
    });
    expect(body.data.attributes.university).toEqual({ data: null });
  });

  it('when a student record is unpublished by emptying publishedAt (spec §4), it leaves the live list', async () => {
    const student = await createStudent();
    await request('PUT', `/api/students/${student.id}`, { data: { publishedAt: null } });
    expect((await request('GET', `/api/students?filters[id]=${student.id}`)).body.data).toEqual([]);
    expect(
      (await request('GET', `/api/students?filters[id]=${student.id}&publicationState=preview`))
        .body.data,
    ).toHaveLength(1);
  });

  it('when the entry does not exist, the answer is 404', async () => {
    const { status } = await request('PUT', '/api/campuses/2147483647', { data: { name: 'x' } });
    expect(status).toBe(404);
  });

  it('when a student marks their own notification read, it works; other attributes are refused', async () => {
    const student = await createStudent();
    const notification = await createNotification({ studentId: student.id });
    const headers = bearer(app, student.userId);
    const ok = await request(
      'PUT',
      `/api/communication-centers/${notification.id}`,
      { data: { isRead: true } },
      headers,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes.isRead).toBe(true);
    const refused = await request(
      'PUT',
      `/api/communication-centers/${notification.id}`,
      { data: { notification_subject: 'x' } },
      headers,
    );
    expect(refused.status).toBe(403);
  });
});

describe('delete', () => {
  it('when an admin deletes a campus after its calls and degrees (spec §7), each answers the deleted entry', async () => {
    const campus = await createCampus();
    const degree = await createDegree({}, [campus.id]);
    const call = await createCall({}, [degree.id]);
    for (const [url, id] of [
      [`/api/calls/${call.id}`, call.id],
      [`/api/degrees/${degree.id}`, degree.id],
      [`/api/campuses/${campus.id}`, campus.id],
    ] as const) {
      const { status, body } = await request('DELETE', url);
      expect(status).toBe(200);
      expect(body.data.id).toBe(id);
    }
    expect((await request('GET', `/api/campuses/${campus.id}`)).status).toBe(404);
  });

  it('when a visitor deletes, the answer is 403 and the entry stays', async () => {
    const project = await createProject();
    const res = await app.inject({ method: 'DELETE', url: `/api/projects/${project.id}` });
    expect(res.statusCode).toBe(403);
    expect((await request('GET', `/api/projects/${project.id}`)).status).toBe(200);
  });

  it('when a visitor deletes something no visitor may delete, the answer is 403 whatever the id', async () => {
    const draft = await createProject({ publishedAt: null });
    for (const id of [draft.id, 2147483647]) {
      expect((await app.inject({ method: 'DELETE', url: `/api/projects/${id}` })).statusCode).toBe(
        403,
      );
    }
  });

  it('when a student changes another student’s notification, the answer is 404: it is not theirs to see', async () => {
    const mine = await createStudent();
    const theirs = await createNotification();
    const res = await request(
      'PUT',
      `/api/communication-centers/${theirs.id}`,
      { data: { isRead: true } },
      bearer(app, mine.userId),
    );
    expect(res.status).toBe(404);
  });
});

describe('single types', () => {
  it('when the branding is read, it is one entry; an admin update changes it in place', async () => {
    const before = await request('GET', '/api/branding-saas');
    const update = await request('PUT', '/api/branding-saas', {
      data: { projectName: 'Conecta Test', mainColor: '#1226AA' },
    });
    expect(update.status).toBe(200);
    const after = await request('GET', '/api/branding-saas');
    expect(after.body.data.attributes.projectName).toBe('Conecta Test');
    if (before.status === 200) expect(after.body.data.id).toBe(before.body.data.id);
    // The branding is the worker's one row: other files' emails and pages read its name.
    const { projectName = null, mainColor = null } =
      before.status === 200 ? before.body.data.attributes : {};
    await request('PUT', '/api/branding-saas', { data: { projectName, mainColor } });
  });

  it('when a colour is not a hex colour, the answer is 400', async () => {
    const { status, body } = await request('PUT', '/api/branding-saas', {
      data: { mainColor: 'red; background:url(x)' },
    });
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/hex colour/);
  });
});
