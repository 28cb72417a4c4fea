import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  bearer,
  createFile,
  createNotification,
  createOrganization,
  createProject,
  createStudent,
  createTeacher,
  createUser,
  signedIn,
} from '../../../test/helpers/factories';
import { send, type Entity } from '../../../test/helpers/http';
import { createRegistry } from '../../content-types';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  send(app, 'GET', url, { headers });

const registry = createRegistry();
const privateAttributes = new Map(
  registry
    .all()
    .map((type) => [
      type.uid,
      [...type.attributes.values()].filter((a) => a.visibility === 'private').map((a) => a.name),
    ]),
);

describe('private attributes are unreachable, whoever asks', () => {
  const probes: [string, string][] = [];
  for (const type of registry.all()) {
    if (!type.exposed || type.kind !== 'collectionType') continue;
    const base = `/api/${type.pluralName}`;
    for (const name of privateAttributes.get(type.uid) ?? []) {
      probes.push([`${base} filters on ${name}`, `${base}?filters[${name}][$eq]=x`]);
      probes.push([`${base} sorts by ${name}`, `${base}?sort=${name}`]);
      probes.push([`${base} selects ${name}`, `${base}?fields=${name}`]);
    }
    for (const attribute of type.attributes.values()) {
      if (attribute.kind !== 'relation') continue;
      for (const name of privateAttributes.get(attribute.target) ?? []) {
        const path = `${attribute.name}.${name}`;
        probes.push([
          `${base} filters on ${path}`,
          `${base}?filters[${attribute.name}][${name}][$eq]=x`,
        ]);
        probes.push([`${base} sorts by ${path}`, `${base}?sort=${path}`]);
        probes.push([
          `${base} selects ${path} in populate`,
          `${base}?populate[${attribute.name}][fields][0]=${name}`,
        ]);
      }
    }
  }

  it('covers the private attributes of users and files through their relations', () => {
    expect(probes.some(([, url]) => url.includes('[user][password]'))).toBe(true);
    expect(probes.some(([, url]) => url.includes('uploadedById'))).toBe(true);
  });

  it.each(probes)('when an admin %s, the answer is 400', async (_name, url) => {
    const { status } = await get(url, admin);
    expect(status).toBe(400);
  });

  it('when an admin populates everything reachable from students, no private attribute is in the answer', async () => {
    const picture = await createFile({ uploadedById: 1 });
    const user = await createUser({
      profileType: 'student',
      pictureId: picture.id,
      tokensValidAfter: new Date(),
    });
    const student = await createStudent({ userId: user.id });
    const { status, text } = await get(
      `/api/students/${student.id}?populate[user][populate]=*&populate[CV]=*&populate[applys][populate]=*`,
      admin,
    );
    expect(status).toBe(200);
    for (const secret of ['password', 'argon2', 'tokensValidAfter', 'uploadedById', 'storageKey']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(user.email);
  });
});

describe('protected attributes are shown only to whom they belong', () => {
  it('when a student reads their own record, they see their DNI and disability', async () => {
    const { user, headers } = await signedIn(app, 'student');
    const student = await createStudent({ userId: user.id, dni: '11111111H', disability: true });
    const { body } = await get(`/api/students/${student.id}`, headers);
    expect(body.data.attributes).toMatchObject({ dni: '11111111H', disability: true });
  });

  it('when a student asks for another student, the answer is 404 and a list omits them', async () => {
    const other = await createStudent({ dni: '22222222J' });
    const { user, headers } = await signedIn(app, 'student');
    await createStudent({ userId: user.id });
    expect((await get(`/api/students/${other.id}`, headers)).status).toBe(404);
    const list = await get(`/api/students?filters[id]=${other.id}`, headers);
    expect(list.body.data).toEqual([]);
  });

  it('when a visitor lists students, the answer is 403', async () => {
    expect((await get('/api/students')).status).toBe(403);
  });

  it('when a visitor reads an organisation, its contact data is not there; an admin sees it', async () => {
    const organization = await createOrganization({ contact_mail: 'privado@org.es' });
    const visitor = await get(`/api/organizations/${organization.id}`);
    expect(visitor.body.data.attributes.name).toBe(organization.name);
    expect(visitor.text).not.toContain('privado@org.es');
    expect(visitor.body.data.attributes).not.toHaveProperty('contact_phone');
    const asAdminView = await get(`/api/organizations/${organization.id}`, admin);
    expect(asAdminView.body.data.attributes.contact_mail).toBe('privado@org.es');
  });

  it('when a visitor populates the organisation of a project, the contact data stays out', async () => {
    const organization = await createOrganization({ contact_phone: '+34 699 111 222' });
    const project = await createProject({ organizationId: organization.id });
    const { text, body } = await get(`/api/projects/${project.id}?populate=organization`);
    expect((body.data.attributes.organization as { data: Entity }).data.attributes.name).toBe(
      organization.name,
    );
    expect(text).not.toContain('699 111 222');
  });

  it('when protected attributes are used in a filter or sort by a non-admin, the answer is 400', async () => {
    expect((await get('/api/organizations?filters[contact_mail][$containsi]=a')).status).toBe(400);
    expect((await get('/api/organizations?sort=contact_mail')).status).toBe(400);
  });

  it('when a visitor populates every relation of a project, relations they may not read are left out', async () => {
    const project = await createProject();
    await createStudent();
    const { body } = await get(`/api/projects/${project.id}?populate=*`);
    for (const shown of ['organization', 'campus', 'teacher']) {
      expect(body.data.attributes).toHaveProperty(shown);
    }
    for (const hidden of ['applys', 'coordinator', 'progress']) {
      expect(body.data.attributes).not.toHaveProperty(hidden);
    }
  });

  it('when a student reads their notifications with the student populated, only theirs come, with their own data', async () => {
    const mine = await createStudent({ dni: '33333333P' });
    const theirs = await createStudent({ dni: '44444444A' });
    const own = await createNotification({ studentId: mine.id });
    await createNotification({ studentId: theirs.id });
    const headers = bearer(app, mine.userId);
    const { body, text } = await get('/api/communication-centers?populate=student', headers);
    expect(body.data.map((n) => n.id)).toEqual([own.id]);
    expect(text).toContain('33333333P');
    expect(text).not.toContain('44444444A');
    const foreign = await get(
      `/api/communication-centers?filters[student][id][$eq]=${theirs.id}`,
      headers,
    );
    expect(foreign.body.data).toEqual([]);
  });
});

describe('of someone else’s account, a caller sees only what a screen shows (ADR 0052)', () => {
  /** What only the owner and admins see of an account. */
  const ACCOUNT_STATE = [
    'username',
    'email',
    'phone',
    'provider',
    'confirmed',
    'blocked',
    'lastLogin',
    'createdAt',
    'updatedAt',
  ];
  const PUBLIC_FIELDS = ['name', 'surname', 'profileType'];

  async function teacherWithAccount() {
    const picture = await createFile({ uploadedById: 1 });
    const user = await createUser({
      profileType: 'teacher',
      name: 'Rosa',
      surname: 'Montes',
      pictureId: picture.id,
      lastLogin: new Date('2026-01-02T03:04:05Z'),
      confirmed: true,
    });
    const teacher = await createTeacher({ userId: user.id });
    return { user, teacher, picture };
  }

  it('when a student lists users, a teacher comes with name, surname and picture, no account state', async () => {
    const { user, picture } = await teacherWithAccount();
    const { headers } = await signedIn(app, 'student');
    const res = await app.inject({
      method: 'GET',
      url: `/api/users?filters[id][$eq]=${user.id}&populate=picture`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const [shown] = res.json<Record<string, unknown>[]>();
    expect(shown).toBeDefined();
    expect(Object.keys(shown!).sort()).toEqual(['id', 'picture', ...PUBLIC_FIELDS].sort());
    expect(shown).toMatchObject({ id: user.id, name: 'Rosa', surname: 'Montes' });
    expect((shown!.picture as { id: number }).id).toBe(picture.id);
    expect(res.body).not.toContain(user.username);
    expect(res.body).not.toContain('2026-01-02');
  });

  it('when a student reads one teacher’s account, the same holds', async () => {
    const { user } = await teacherWithAccount();
    const { headers } = await signedIn(app, 'student');
    const res = await app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers });
    expect(res.statusCode).toBe(200);
    const shown = res.json<Record<string, unknown>>();
    for (const name of ACCOUNT_STATE) expect(shown, name).not.toHaveProperty(name);
  });

  it('when a teacher reads another teacher’s account, the same holds', async () => {
    const { user } = await teacherWithAccount();
    const { headers } = await signedIn(app, 'teacher');
    const res = await app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers });
    const shown = res.json<Record<string, unknown>>();
    for (const name of ACCOUNT_STATE) expect(shown, name).not.toHaveProperty(name);
  });

  it('when a user is populated through a teacher or a project, the same projection applies', async () => {
    const { user, teacher } = await teacherWithAccount();
    const project = await createProject({ teacherId: teacher.id });
    const { headers } = await signedIn(app, 'student');
    for (const url of [
      `/api/teachers/${teacher.id}?populate=user`,
      `/api/projects/${project.id}?populate[teacher][populate]=user`,
      `/api/teachers?filters[id][$eq]=${teacher.id}&populate[user][fields][0]=name&populate[user][fields][1]=username`,
    ]) {
      for (const who of [headers, {}]) {
        const { status, text } = await get(url, who);
        expect(status, url).toBe(200);
        // Visitors do not reach users at all; a student sees the name.
        if (who === headers) expect(text, url).toContain('Rosa');
        expect(text, url).not.toContain(user.username);
        expect(text, url).not.toContain(user.email);
        for (const name of ['lastLogin', 'confirmed', 'blocked', 'provider']) {
          expect(text, `${url} ${name}`).not.toContain(`"${name}"`);
        }
      }
    }
  });

  it('when a non-admin filters or sorts users by account state, the answer is 400', async () => {
    const { headers } = await signedIn(app, 'student');
    for (const url of [
      '/api/users?filters[username][$startsWith]=a',
      '/api/users?filters[lastLogin][$notNull]=true',
      '/api/users?sort=lastLogin',
      '/api/teachers?filters[user][blocked][$eq]=false',
    ]) {
      expect((await get(url, headers)).status, url).toBe(400);
    }
  });

  it('when the owner or an admin reads the account, its state is there', async () => {
    const { user } = await teacherWithAccount();
    const own = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(app, user.id),
    });
    const asAdminView = await app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: admin,
    });
    for (const res of [own, asAdminView]) {
      expect(res.json()).toMatchObject({
        username: user.username,
        email: user.email,
        confirmed: true,
        blocked: false,
        provider: 'local',
        lastLogin: '2026-01-02T03:04:05.000Z',
      });
    }
  });
});
