import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  asAdmin,
  createOrganization,
  createProject,
  createUniversity,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  send(app, 'GET', url, { headers });

async function universities(count: number) {
  const prefix = unique('Pag');
  for (let i = 0; i < count; i++)
    await createUniversity({ name: `${prefix} ${String(i).padStart(3, '0')}` });
  return prefix;
}
const withPrefix = (prefix: string, rest: Record<string, unknown>) =>
  qs.stringify({ filters: { name: { $startsWith: prefix } }, ...rest });

describe('pagination', () => {
  it('when no pagination is given, the page is 1 of 25 with the total', async () => {
    const prefix = await universities(30);
    const { body } = await get(`/api/universities?${withPrefix(prefix, {})}`);
    expect(body.data).toHaveLength(25);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 2, total: 30 });
  });

  it('when the last page is asked for, it holds the rest', async () => {
    const prefix = await universities(30);
    const { body } = await get(
      `/api/universities?${withPrefix(prefix, { pagination: { page: 2, pageSize: 25 } })}`,
    );
    expect(body.data).toHaveLength(5);
    expect(body.meta.pagination).toEqual({ page: 2, pageSize: 25, pageCount: 2, total: 30 });
  });

  it('when a page beyond the last is asked for, the list is empty and the meta still true', async () => {
    const prefix = await universities(3);
    const { body } = await get(
      `/api/universities?${withPrefix(prefix, { pagination: { page: 9, pageSize: 2 } })}`,
    );
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toEqual({ page: 9, pageSize: 2, pageCount: 2, total: 3 });
  });

  it('when start and limit are given, the meta is {start, limit, total}', async () => {
    const prefix = await universities(5);
    const { body } = await get(
      `/api/universities?${withPrefix(prefix, { sort: 'name', pagination: { start: 3, limit: 10 } })}`,
    );
    expect(body.data.map((u) => u.attributes.name)).toEqual([`${prefix} 003`, `${prefix} 004`]);
    expect(body.meta.pagination).toEqual({ start: 3, limit: 10, total: 5 });
  });

  it('when withCount is false, no total is computed', async () => {
    const prefix = await universities(2);
    const { body } = await get(
      `/api/universities?${withPrefix(prefix, { pagination: { pageSize: 1, withCount: false } })}`,
    );
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 1 });
  });

  it('when pageSize is exactly 100, it is accepted', async () => {
    const { status } = await get('/api/universities?pagination[pageSize]=100');
    expect(status).toBe(200);
  });

  const rejected: [string, RegExp][] = [
    ['pagination[pageSize]=101', /maximum is 100/],
    ['pagination[limit]=500', /maximum is 100/],
    ['pagination[pageSize]=0', /pageSize/],
    ['pagination[page]=0', /page/],
    ['pagination[page]=-1', /page/],
    ['pagination[page]=abc', /page/],
    ['pagination[start]=-5', /start/],
    ['pagination[page]=1&pagination[start]=0', /cannot use page and offset pagination/],
    ['pagination[withCount]=perhaps', /true or false/],
    ['pagination[size]=10', /Invalid pagination parameter "size"/],
    ['pagination=10', /expected an object/],
  ];
  it.each(rejected)('when the query has %s, the answer is 400', async (query, message) => {
    const { status, body } = await get(`/api/universities?${query}`);
    expect(status).toBe(400);
    expect(body.error?.name).toBe('ValidationError');
    expect(body.error?.message).toMatch(message);
  });
});

describe('sort', () => {
  it('when sorting by name:desc, the order is reversed', async () => {
    const prefix = await universities(3);
    const { body } = await get(`/api/universities?${withPrefix(prefix, { sort: 'name:desc' })}`);
    expect(body.data.map((u) => u.attributes.name)).toEqual([
      `${prefix} 002`,
      `${prefix} 001`,
      `${prefix} 000`,
    ]);
  });

  it('when sort is an array or a comma list, earlier fields come first', async () => {
    const prefix = unique('Sort');
    await createProject({ title: `${prefix} b`, locality: 'Lorca' });
    await createProject({ title: `${prefix} a`, locality: 'Lorca' });
    await createProject({ title: `${prefix} c`, locality: 'Águilas' });
    const filters = { title: { $startsWith: prefix } };
    for (const sort of [['locality:desc', 'title:asc'], 'locality:DESC,title']) {
      const { body } = await get(`/api/projects?${qs.stringify({ filters, sort })}`);
      expect(body.data.map((p) => String(p.attributes.title).slice(-1))).toEqual(['a', 'b', 'c']);
    }
  });

  it('when sorting through a to-one relation (object or dotted form), rows follow the related value', async () => {
    const prefix = unique('SortRel');
    const zeta = await createOrganization({ name: `${prefix} Zeta` });
    const alfa = await createOrganization({ name: `${prefix} Alfa` });
    await createProject({ title: `${prefix} 1`, organizationId: zeta.id });
    await createProject({ title: `${prefix} 2`, organizationId: alfa.id });
    const filters = { title: { $startsWith: prefix } };
    for (const sort of ['organization.name:asc', { organization: { name: 'asc' } }]) {
      const { body } = await get(`/api/projects?${qs.stringify({ filters, sort })}`);
      expect(body.data.map((p) => String(p.attributes.title).slice(-1))).toEqual(['2', '1']);
    }
  });

  const rejected: [string, RegExp][] = [
    ['sort=nope', /Invalid key nope/],
    ['sort=title:sideways', /asc\|desc/],
    ['sort=applys.motivation', /to-many/],
    ['sort=organization', /name an attribute/],
    ['sort=ods', /cannot be sorted/],
    ['sort=title.x', /not a relation/],
    ['sort=teacher.user.password', /Invalid key password/],
    ['sort[0][title]=up', /asc\|desc/],
  ];
  it.each(rejected)('when the query has %s, the answer is 400', async (query, message) => {
    const { status, body } = await get(`/api/projects?${query}`);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(message);
  });
});

describe('fields', () => {
  it('when fields are listed, only they (and the id) are answered', async () => {
    const project = await createProject();
    for (const query of ['fields=title,status', 'fields[0]=title&fields[1]=status']) {
      const { body } = await get(`/api/projects?filters[id]=${project.id}&${query}`);
      expect(body.data[0]).toEqual({
        id: project.id,
        attributes: { title: project.title, status: 'Publicada' },
      });
    }
  });

  const rejected: [string, RegExp][] = [
    ['fields=nope', /Invalid key nope/],
    ['fields=organization', /only attributes can be selected/],
    ['fields[0][a]=b', /Expected a string/],
  ];
  it.each(rejected)('when the query has %s, the answer is 400', async (query, message) => {
    const { status, body } = await get(`/api/projects?${query}`);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(message);
  });
});

describe('publication state', () => {
  it('when a project is a draft, visitors do not see it, even asking for preview', async () => {
    const draft = await createProject({ publishedAt: null, status: 'Pendiente' });
    expect((await get(`/api/projects/${draft.id}`)).status).toBe(404);
    expect((await get(`/api/projects/${draft.id}?publicationState=preview`)).status).toBe(404);
    const list = await get(`/api/projects?publicationState=preview&filters[id]=${draft.id}`);
    expect(list.body.data).toEqual([]);
  });

  it('when an admin asks for preview, drafts are included; live hides them', async () => {
    const headers = await asAdmin(app);
    const draft = await createProject({ publishedAt: null, status: 'Pendiente' });
    expect((await get(`/api/projects?filters[id]=${draft.id}`, headers)).body.data).toEqual([]);
    const preview = await get(
      `/api/projects?publicationState=preview&filters[id]=${draft.id}`,
      headers,
    );
    expect(preview.body.data.map((p) => p.id)).toEqual([draft.id]);
    expect(preview.body.data[0]?.attributes.publishedAt).toBeNull();
  });

  it('when publicationState is unknown, the answer is 400', async () => {
    expect((await get('/api/projects?publicationState=draft')).status).toBe(400);
  });
});

describe('top-level parameters and ids', () => {
  const rejected: [string, string, number][] = [
    ['a where parameter', '/api/projects?where[title]=x', 400],
    ['an unknown parameter', '/api/projects?_q=x', 400],
    ['a non-number id', '/api/projects/abc', 400],
    ['a zero id', '/api/projects/0', 400],
    ['an id beyond 32 bits', '/api/projects/99999999999', 400],
    ['a query nested beyond what qs allows', `/api/projects?filters${'[a]'.repeat(25)}=1`, 400],
  ];
  it.each(rejected)(
    'when the request has %s, the answer is %i with the Strapi error shape',
    async (_name, url, status) => {
      const res = await get(url);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ data: null, error: { status, name: 'ValidationError' } });
    },
  );

  it('when an entry does not exist, the answer is 404 NotFoundError', async () => {
    const res = await get('/api/projects/2147483647');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      data: null,
      error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
    });
  });
});
