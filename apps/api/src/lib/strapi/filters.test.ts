import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  createCampus,
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

const get = (url: string) => send(app, 'GET', url);

/** Titles (without the prefix) of the projects a filter finds among those of one test. */
async function titles(prefix: string, filters: Record<string, unknown>) {
  const query = qs.stringify({
    filters: { $and: [{ title: { $startsWith: prefix } }, filters] },
    sort: 'title',
    pagination: { pageSize: 100 },
  });
  const { status, body } = await get(`/api/projects?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((p) => String(p.attributes.title).slice(prefix.length + 1));
}

describe('filters: each Strapi v4 operator', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = unique('Op');
    const organization = await createOrganization({ name: `${prefix} Cruz Roja` });
    await createProject({
      title: `${prefix} Alpha`,
      application_deadline: '2026-01-10',
      internship: true,
      ods: [3, 4],
      tags: ['Salud', 'Educación'],
      organizationId: organization.id,
      locality: 'Murcia',
    });
    await createProject({
      title: `${prefix} beta`,
      application_deadline: '2026-02-20',
      internship: false,
      ods: [13],
      tags: ['Medio ambiente'],
      locality: null,
    });
    await createProject({
      title: `${prefix} Gamma_%`,
      application_deadline: '2026-03-30',
      internship: false,
      ods: [],
      tags: null,
      locality: 'Cartagena',
    });
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    ['implicit $eq', { title: 'PFX Alpha' }, ['Alpha']],
    ['$eq', { locality: { $eq: 'Murcia' } }, ['Alpha']],
    [
      '$eq with several values is $in',
      { locality: { $eq: ['Murcia', 'Cartagena'] } },
      ['Alpha', 'Gamma_%'],
    ],
    ['$eqi', { locality: { $eqi: 'murcia' } }, ['Alpha']],
    ['$ne (NULL is not different, as in SQL)', { locality: { $ne: 'Murcia' } }, ['Gamma_%']],
    ['$nei', { locality: { $nei: 'MURCIA' } }, ['Gamma_%']],
    ['$lt', { application_deadline: { $lt: '2026-02-20' } }, ['Alpha']],
    ['$lte', { application_deadline: { $lte: '2026-02-20' } }, ['Alpha', 'beta']],
    ['$gt', { application_deadline: { $gt: '2026-02-20' } }, ['Gamma_%']],
    ['$gte', { application_deadline: { $gte: '2026-02-20' } }, ['beta', 'Gamma_%']],
    ['$in', { locality: { $in: ['Murcia', 'Lorca'] } }, ['Alpha']],
    ['$notIn', { locality: { $notIn: ['Murcia'] } }, ['Gamma_%']],
    ['$contains is case-sensitive', { title: { $contains: 'lph' } }, ['Alpha']],
    ['$contains treats % and _ literally', { title: { $contains: '_%' } }, ['Gamma_%']],
    ['$notContains', { title: { $notContains: 'a' } }, []],
    ['$containsi', { title: { $containsi: 'ALP' } }, ['Alpha']],
    ['$notContainsi', { title: { $notContainsi: 'BETA' } }, ['Alpha', 'Gamma_%']],
    ['$null', { locality: { $null: true } }, ['beta']],
    ['$null false', { locality: { $null: false } }, ['Alpha', 'Gamma_%']],
    ['$notNull', { locality: { $notNull: true } }, ['Alpha', 'Gamma_%']],
    [
      '$between',
      { application_deadline: { $between: ['2026-01-01', '2026-02-28'] } },
      ['Alpha', 'beta'],
    ],
    ['$startsWith', { locality: { $startsWith: 'Car' } }, ['Gamma_%']],
    ['$startsWithi', { locality: { $startsWithi: 'car' } }, ['Gamma_%']],
    ['$endsWith', { locality: { $endsWith: 'cia' } }, ['Alpha']],
    ['$endsWithi', { locality: { $endsWithi: 'CIA' } }, ['Alpha']],
    ['boolean $eq', { internship: { $eq: true } }, ['Alpha']],
    [
      '$or',
      { $or: [{ locality: 'Murcia' }, { internship: false, locality: { $null: true } }] },
      ['Alpha', 'beta'],
    ],
    ['$and', { $and: [{ internship: false }, { locality: { $notNull: true } }] }, ['Gamma_%']],
    ['$not at the root', { $not: { locality: 'Murcia' } }, ['Gamma_%']],
    ['$not on an attribute', { internship: { $not: { $eq: true } } }, ['beta', 'Gamma_%']],
    [
      'an array of operators is joined with OR',
      { title: { $containsi: ['alpha', 'beta'] } },
      ['Alpha', 'beta'],
    ],
    ['list $contains holds the element', { ods: { $contains: 3 } }, ['Alpha']],
    ['list $eq holds the element', { tags: { $eq: 'Medio ambiente' } }, ['beta']],
    ['list $in holds any', { ods: { $in: [4, 13] } }, ['Alpha', 'beta']],
    ['list $notContains includes empty lists', { ods: { $notContains: 3 } }, ['beta', 'Gamma_%']],
    ['list $containsi looks inside elements', { tags: { $containsi: 'educa' } }, ['Alpha']],
    ['list $null is empty or missing', { ods: { $null: true } }, ['Gamma_%']],
    ['through a relation', { organization: { name: { $endsWith: 'Cruz Roja' } } }, ['Alpha']],
    [
      'through a relation, operators apply to its id',
      { organization: { $null: true } },
      ['beta', 'Gamma_%'],
    ],
    [
      'a missing relation is a row of NULLs (LEFT JOIN semantics)',
      { organization: { name: { $null: true } } },
      ['beta', 'Gamma_%'],
    ],
    [
      '$not through a relation',
      { $not: { organization: { name: { $containsi: 'cruz' } } } },
      ['beta', 'Gamma_%'],
    ],
    ['id $in', { id: { $in: ['0'] } }, []],
  ];

  it.each(cases)('%s', async (_name, filters, expected) => {
    const resolved = JSON.parse(JSON.stringify(filters).replaceAll('PFX', prefix)) as Record<
      string,
      unknown
    >;
    expect(await titles(prefix, resolved)).toEqual(expected);
  });

  it('when dates are compared as date-times, a full ISO value works', async () => {
    expect(
      await titles(prefix, { createdAt: { $lte: new Date(Date.now() + 60_000).toISOString() } }),
    ).toHaveLength(3);
  });
});

describe('filters: nested through relations', () => {
  it('when filtering universities by their campuses, each matching university appears once', async () => {
    const name = unique('Uni');
    const university = await createUniversity({ name });
    await createCampus({ name: `${name} Espinardo`, universityId: university.id });
    await createCampus({ name: `${name} La Merced`, universityId: university.id });
    const query = qs.stringify({ filters: { centers: { name: { $startsWith: name } } } });
    const { body } = await get(`/api/universities?${query}`);
    expect(body.data.map((u) => u.id)).toEqual([university.id]);
    expect(body.meta.pagination.total).toBe(1);
  });

  it('when filtering two levels deep (campus → university → campuses), the condition reaches the last level', async () => {
    const name = unique('Deep');
    const university = await createUniversity({ name });
    const target = await createCampus({ name: `${name} A`, universityId: university.id });
    await createCampus({ name: `${name} B`, universityId: university.id });
    await createCampus({ name: `${name} C` });
    const query = qs.stringify({
      filters: { university: { centers: { name: { $eq: `${name} B` } } } },
      sort: 'name',
    });
    const { body } = await get(`/api/campuses?${query}`);
    expect(body.data.map((c) => c.attributes.name)).toEqual([`${name} A`, `${name} B`]);
    expect(body.data[0]?.id).toBe(target.id);
  });
});

describe('filters: rejected', () => {
  const rejected: [string, string, RegExp][] = [
    ['an unknown attribute', 'filters[nope][$eq]=1', /Invalid key nope/],
    ['an unknown operator', 'filters[title][$like]=a', /unknown operator \$like/],
    ['an operator at the root', 'filters[$eq]=a', /must be applied to an attribute/],
    [
      'a private attribute through a relation',
      'filters[teacher][user][password][$eq]=x',
      /Invalid key password/,
    ],
    ['a malformed integer', 'filters[id][$eq]=abc', /expected an integer/],
    ['a malformed boolean', 'filters[internship][$eq]=maybe', /expected true or false/],
    ['a malformed date', 'filters[application_deadline][$lt]=2026-13-45', /expected a date/],
    ['a malformed date-time', 'filters[createdAt][$lt]=yesterday', /ISO 8601/],
    ['a NUL byte', 'filters[title][$eq]=a%00b', /NUL/],
    [
      '$between with one value',
      'filters[application_deadline][$between][0]=2026-01-01',
      /exactly two/,
    ],
    ['$lt on a boolean', 'filters[internship][$lt]=true', /does not apply to the boolean/],
    ['$startsWith on a list', 'filters[tags][$startsWith]=a', /does not apply to the list/],
    ['filters that are not an object', 'filters=abc', /must be an object/],
  ];
  it.each(rejected)('when the query has %s, the answer is 400', async (_name, query, message) => {
    const { status, body } = await get(`/api/projects?${query}`);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(message);
  });

  it('when the query filters on a component, the answer is 400', async () => {
    const { status, body } = await get('/api/footer-sections?filters[FooterSection][$null]=true');
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/cannot filter on the component FooterSection/);
  });

  it('when a visitor filters through a relation they may not read, the answer is 403', async () => {
    const { status } = await get('/api/projects?filters[applys][motivation][$containsi]=x');
    expect(status).toBe(403);
  });
});
