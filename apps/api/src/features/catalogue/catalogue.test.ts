import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  createCall,
  createCampus,
  createDegree,
  createUniversity,
  unique,
} from '../../../test/helpers/factories';
import { send, type Entity } from '../../../test/helpers/http';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const get = (url: string) => send(app, 'GET', url);

describe('GET /api/universities/names', () => {
  it('when searching, names match ignoring case and accents, ten a page, sorted, name only', async () => {
    const tag = unique('Nm');
    for (const name of [
      `${tag} Universidad de Cadiz Norte`,
      `${tag} Universidad de Cádiz`,
      `${tag} Universitat de València`,
    ]) {
      await createUniversity({ name });
    }
    const query = qs.stringify({
      pagination: { page: 1, pageSize: 10 },
      filters: { name: { $contains: `CADIZ` } },
    });
    const { status, body } = await get(
      `/api/universities/names?${query}&filters[name][$startsWith]=${tag}`,
    );
    expect(status).toBe(200);
    const mine = body.data;
    expect(mine.map((u) => u.attributes.name)).toEqual([
      `${tag} Universidad de Cádiz`,
      `${tag} Universidad de Cadiz Norte`,
    ]);
    expect(Object.keys(mine[0]?.attributes ?? {})).toEqual(['name']);
    expect(body.meta.pagination.pageSize).toBe(10);
  });

  it('when no page size is given, it is 10', async () => {
    for (let i = 0; i < 12; i++) await createUniversity();
    const { body } = await get('/api/universities/names');
    expect(body.data).toHaveLength(10);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('when the search has % or _, they match literally', async () => {
    const { body } = await get('/api/universities/names?filters[name][$contains]=%25%25');
    expect(body.data).toEqual([]);
  });

  it('when a filter other than the name is given, the answer is 400', async () => {
    expect((await get('/api/universities/names?filters[createdAt][$gt]=2020-01-01')).status).toBe(
      400,
    );
    expect((await get('/api/universities/names?sort=name')).status).toBe(400);
  });
});

describe('GET /api/campuses/names and /api/degree/names', () => {
  it('when campuses are filtered by university name, only its campuses come', async () => {
    const name = unique('Universidad');
    const university = await createUniversity({ name });
    await createCampus({ name: `${name} Campus Sur`, universityId: university.id });
    await createCampus({ name: `${name} Campus Norte` });
    const query = qs.stringify({
      filters: { university: { name: { $eq: name } } },
      pagination: { page: 1, pageSize: 10 },
    });
    const { body } = await get(`/api/campuses/names?${query}`);
    expect(body.data.map((c) => c.attributes.name)).toEqual([`${name} Campus Sur`]);
  });

  it('when degrees are filtered by master and campus, only those degrees come', async () => {
    const campus = await createCampus();
    const tag = unique('Deg');
    await createDegree({ name: `Máster en Datos ${tag}`, master: true }, [campus.id]);
    await createDegree({ name: `Grado en Datos ${tag}`, master: false }, [campus.id]);
    await createDegree({ name: `Máster en Otra cosa ${tag}`, master: true });
    const query = qs.stringify({
      filters: {
        master: { $eq: true },
        campuses: { id: { $eq: campus.id } },
        name: { $contains: 'datos' },
      },
    });
    const { body } = await get(`/api/degree/names?${query}`);
    expect(body.data.map((d) => d.attributes.name)).toEqual([`Máster en Datos ${tag}`]);
  });
});

describe('GET /api/degree/fetchNames', () => {
  it('when asked, every degree comes with its campuses and calls', async () => {
    const campus = await createCampus();
    const degree = await createDegree({ name: unique('Grado fetch') }, [campus.id]);
    const call = await createCall({}, [degree.id]);
    const { status, body } = await get(`/api/degree/fetchNames?filters[id]=${degree.id}`);
    expect(status).toBe(200);
    const attributes = body.data[0]?.attributes as {
      campuses: { data: Entity[] };
      calls: { data: Entity[] };
    };
    expect(attributes.campuses.data.map((c) => c.id)).toEqual([campus.id]);
    expect(attributes.calls.data.map((c) => c.id)).toEqual([call.id]);
  });
});

describe('GET /api/campuses with the spec populate', () => {
  it('when populating degrees.calls, degrees.duration and university.name, the campus list is complete', async () => {
    const university = await createUniversity();
    const campus = await createCampus({ universityId: university.id });
    const degree = await createDegree({ duration: 2, master: true }, [campus.id]);
    await createCall({}, [degree.id]);
    const query = qs.stringify({
      populate: ['degrees.calls', 'degrees.duration', 'university.name'],
      filters: { id: campus.id },
    });
    const { status, body } = await get(`/api/campuses?${query}`);
    expect(status).toBe(200);
    const attributes = body.data[0]?.attributes as {
      university: { data: Entity };
      degrees: { data: (Entity & { attributes: { calls: { data: Entity[] } } })[] };
    };
    expect(attributes.university.data.attributes.name).toBe(university.name);
    expect(attributes.degrees.data[0]?.attributes.duration).toBe(2);
    expect(attributes.degrees.data[0]?.attributes.calls.data).toHaveLength(1);
  });
});
