import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  createCall,
  createCampus,
  createDegree,
  createOrganization,
  createProject,
  createUniversity,
  unique,
} from '../../../test/helpers/factories';
import { related, send, type Entity } from '../../../test/helpers/http';
import { createRegistry } from '../../content-types';
import type { Database } from '../../db/client';
import { VISITOR } from './actor';
import { EntityService } from './engine';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const get = (url: string) => send(app, 'GET', url);

/** A university with two campuses, each with degrees, one of them with a call. */
async function catalogue() {
  const name = unique('Pop');
  const university = await createUniversity({ name });
  const espinardo = await createCampus({ name: `${name} Espinardo`, universityId: university.id });
  const merced = await createCampus({ name: `${name} Merced`, universityId: university.id });
  const informatica = await createDegree({ name: `${name} Informática`, duration: 4 }, [
    espinardo.id,
  ]);
  const derecho = await createDegree({ name: `${name} Derecho`, duration: 4, master: false }, [
    espinardo.id,
    merced.id,
  ]);
  const call = await createCall({ name: `${name} Convocatoria 2026` }, [informatica.id]);
  return { name, university, espinardo, merced, informatica, derecho, call };
}

describe('populate forms', () => {
  it('when populate is *, every first-level relation is populated and nothing deeper', async () => {
    const c = await catalogue();
    const { body } = await get(`/api/campuses/${c.espinardo.id}?populate=*`);
    const university = related(body.data, 'university') as Entity;
    expect(university.attributes.name).toBe(c.name);
    expect(university.attributes.centers).toBeUndefined();
    expect((related(body.data, 'degrees') as Entity[]).map((d) => d.id).sort()).toEqual(
      [c.informatica.id, c.derecho.id].sort(),
    );
  });

  it('when relations are not asked for, they are not in the answer', async () => {
    const c = await catalogue();
    const { body } = await get(`/api/campuses/${c.espinardo.id}`);
    expect(Object.keys(body.data.attributes).sort()).toEqual(['createdAt', 'name', 'updatedAt']);
  });

  it('when populate is a comma list of dotted paths (the spec campuses call), every path is populated', async () => {
    const c = await catalogue();
    const query = 'populate=degrees.calls,degrees.duration,university.name';
    const { status, body } = await get(`/api/campuses/${c.espinardo.id}?${query}`);
    expect(status).toBe(200);
    const degrees = related(body.data, 'degrees') as Entity[];
    const informatica = degrees.find((d) => d.id === c.informatica.id);
    expect(informatica?.attributes.duration).toBe(4);
    expect((related(informatica, 'calls') as Entity[]).map((x) => x.attributes.name)).toEqual([
      `${c.name} Convocatoria 2026`,
    ]);
    expect((related(body.data, 'university') as Entity).attributes.name).toBe(c.name);
  });

  it('when populate is an array, each entry is populated', async () => {
    const c = await catalogue();
    const { body } = await get(
      `/api/campuses/${c.espinardo.id}?populate[0]=university&populate[1]=degrees`,
    );
    expect(related(body.data, 'university')).not.toBeNull();
    expect(related(body.data, 'degrees')).toHaveLength(2);
  });

  it('when populate is an object, nested populate, fields, filters and sort apply to the relation', async () => {
    const c = await catalogue();
    const query = qs.stringify({
      populate: {
        degrees: {
          fields: ['name'],
          filters: { name: { $endsWith: 'Derecho' } },
          sort: 'name:desc',
          populate: { campuses: { fields: ['name'], sort: ['name:desc'] } },
        },
      },
    });
    const { body } = await get(`/api/campuses/${c.espinardo.id}?${query}`);
    const degrees = related(body.data, 'degrees') as Entity[];
    expect(degrees).toHaveLength(1);
    expect(Object.keys(degrees[0]?.attributes ?? {}).sort()).toEqual(['campuses', 'name']);
    expect((related(degrees[0], 'campuses') as Entity[]).map((x) => x.attributes.name)).toEqual([
      `${c.name} Merced`,
      `${c.name} Espinardo`,
    ]);
  });

  it('when populate[x] is true or *, x is populated; when false, it is not', async () => {
    const c = await catalogue();
    const a = await get(
      `/api/campuses/${c.espinardo.id}?populate[university]=true&populate[degrees]=false`,
    );
    expect(related(a.body.data, 'university')).not.toBeNull();
    expect(a.body.data.attributes.degrees).toBeUndefined();
    const b = await get(`/api/campuses/${c.espinardo.id}?populate[university]=*`);
    expect(related(b.body.data, 'university')).not.toBeNull();
  });

  it('when populate asks for a count, the number of related entries is answered', async () => {
    const c = await catalogue();
    const { body } = await get(
      `/api/universities/${c.university.id}?populate[centers][count]=true`,
    );
    expect(body.data.attributes.centers).toEqual({ data: { attributes: { count: 2 } } });
  });

  it('when a to-one relation is empty, it is answered as data: null; an empty to-many as []', async () => {
    const campus = await createCampus({ universityId: null });
    const { body } = await get(`/api/campuses/${campus.id}?populate=*`);
    expect(body.data.attributes.university).toEqual({ data: null });
    expect(body.data.attributes.degrees).toEqual({ data: [] });
  });

  it('when a relation is reached by its inverse side (oneToMany), each parent gets its own children', async () => {
    const a = await catalogue();
    const b = await catalogue();
    const query = qs.stringify({
      filters: { id: { $in: [a.university.id, b.university.id] } },
      populate: { centers: { sort: 'name' } },
    });
    const { body } = await get(`/api/universities?${query}`);
    for (const [university, c] of [
      [body.data[0], a],
      [body.data[1], b],
    ] as const) {
      expect((related(university, 'centers') as Entity[]).map((x) => x.attributes.name)).toEqual([
        `${c.name} Espinardo`,
        `${c.name} Merced`,
      ]);
    }
  });

  it('when a media field is populated, it has the Strapi media shape', async () => {
    const organization = await createOrganization();
    const { body } = await get(`/api/organizations/${organization.id}?populate=logo`);
    expect(body.data.attributes.logo).toEqual({ data: null });
  });
});

describe('populate rejected', () => {
  const rejected: [string, string, RegExp][] = [
    ['an unknown name', 'populate=nope', /Invalid key nope/],
    ['an attribute at the first level', 'populate=name', /is an attribute/],
    ['an attribute in the middle of a path', 'populate=degrees.name.calls', /is an attribute/],
    ['a private attribute', 'populate[university][fields][0]=password', /Invalid key password/],
    ['an unknown nested key', 'populate[degrees][calls]=*', /Invalid populate key "calls"/],
    [
      'more than five levels',
      'populate=degrees.campuses.degrees.campuses.degrees.campuses',
      /deeper than 5/,
    ],
    [
      'more than five levels in object form',
      qs.stringify({
        populate: {
          degrees: {
            populate: {
              campuses: {
                populate: {
                  degrees: {
                    populate: {
                      campuses: { populate: { degrees: { populate: { campuses: '*' } } } },
                    },
                  },
                },
              },
            },
          },
        },
      }),
      /deeper than 5/,
    ],
    ['a number', 'populate[degrees]=7', /Expected '\*', true or an object/],
  ];
  it.each(rejected)('when populate has %s, the answer is 400', async (_name, query, message) => {
    const campus = await createCampus();
    const { status, body } = await get(`/api/campuses/${campus.id}?${query}`);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(message);
  });

  it('when populate goes exactly five levels deep, it is accepted', async () => {
    const campus = await createCampus();
    const { status } = await get(
      `/api/campuses/${campus.id}?populate=degrees.campuses.degrees.campuses.university`,
    );
    expect(status).toBe(200);
  });
});

describe('populate runs a bounded number of queries', () => {
  async function countingService() {
    const { db } = await getTestDatabase();
    let count = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return (...args: Parameters<Database['execute']>) => {
            count += 1;
            return target.execute(...args);
          };
        }
        // On PostgreSQL frequent statements go straight to the pool (db/statements.ts).
        if (property === '$client') {
          const pool = Reflect.get(target, property, receiver) as object;
          return new Proxy(pool, {
            get(poolTarget, key, poolReceiver) {
              const value = Reflect.get(poolTarget, key, poolReceiver) as unknown;
              if (key !== 'query' || typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                count += 1;
                return (value as (...a: unknown[]) => unknown).apply(poolTarget, args);
              };
            },
            getPrototypeOf: (poolTarget) => Reflect.getPrototypeOf(poolTarget),
          });
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    return { service: new EntityService(createRegistry(), counting), queries: () => count };
  }

  it('when 30 projects are listed with their organisation, one statement answers page, count and relation', async () => {
    const prefix = unique('Bounded');
    for (let i = 0; i < 30; i++) {
      const organization = await createOrganization();
      await createProject({ title: `${prefix} ${i}`, organizationId: organization.id });
    }
    const { service, queries } = await countingService();
    const result = await service.find(
      'api::project.project',
      {
        filters: { title: { $startsWith: prefix } },
        populate: 'organization',
        pagination: { pageSize: '30' },
      },
      VISITOR,
    );
    expect(result.data).toHaveLength(30);
    expect(
      result.data.every((p) => (p.attributes.organization as { data: unknown }).data !== null),
    ).toBe(true);
    expect(queries()).toBe(1);
  });

  it('when campuses are listed with degrees, their calls and university, still one statement', async () => {
    const created = await Promise.all([catalogue(), catalogue(), catalogue()]);
    const { service, queries } = await countingService();
    const ids = created.flatMap((c) => [String(c.espinardo.id), String(c.merced.id)]);
    const result = await service.find(
      'api::campus.campus',
      { filters: { id: { $in: ids } }, populate: 'degrees.calls,university' },
      VISITOR,
    );
    expect(result.data).toHaveLength(6);
    expect(queries()).toBe(1);
  });
});
