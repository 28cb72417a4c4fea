import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  createCampus,
  createDegree,
  createUniversity,
  unique,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const get = (path: string, query: object) => send(app, 'GET', `${path}?${qs.stringify(query)}`);
const namesOf = (body: { data: { attributes: Record<string, unknown> }[] }) =>
  body.data.map((entry) => entry.attributes.name);

/** Two universities that both have a "Facultad de Informática" with different degrees. */
async function twoFacultiesOfTheSameName() {
  const tag = unique('Gemelas');
  const campusName = `Facultad de Informática ${tag}`;
  const murcia = await createUniversity({ name: `Universidad de Murcia ${tag}` });
  const complutense = await createUniversity({ name: `Universidad Complutense ${tag}` });
  const murciaCampus = await createCampus({ name: campusName, universityId: murcia.id });
  const complutenseCampus = await createCampus({
    name: campusName,
    universityId: complutense.id,
  });
  const shared = `Grado en Ingeniería Informática ${tag}`;
  const murciaShared = await createDegree({ name: shared }, [murciaCampus.id]);
  await createDegree({ name: `Grado en Ciencia de Datos ${tag}` }, [murciaCampus.id]);
  const complutenseShared = await createDegree({ name: shared }, [complutenseCampus.id]);
  await createDegree({ name: `Grado en Videojuegos ${tag}` }, [complutenseCampus.id]);
  return { tag, murcia, murciaCampus, complutenseCampus, murciaShared, complutenseShared };
}

describe('catalogue names by id (spec §5 Degree choices)', () => {
  it('when campuses are filtered by the university id, a same-named campus of another university does not come', async () => {
    const { tag, murcia, murciaCampus } = await twoFacultiesOfTheSameName();
    const { status, body } = await get('/api/campuses/names', {
      filters: { university: { id: { $eq: murcia.id } }, name: { $contains: tag } },
    });
    expect(status).toBe(200);
    expect(body.data.map((entry) => entry.id)).toEqual([murciaCampus.id]);
  });

  it("when degrees are filtered by the campus id, only that campus's degrees come, with that campus's ids", async () => {
    const { tag, murciaCampus, murciaShared } = await twoFacultiesOfTheSameName();
    const { body } = await get('/api/degree/names', {
      filters: { campuses: { id: { $eq: murciaCampus.id } }, name: { $contains: tag } },
    });
    expect(namesOf(body)).toEqual([
      `Grado en Ciencia de Datos ${tag}`,
      `Grado en Ingeniería Informática ${tag}`,
    ]);
    expect(body.data[1]?.id).toBe(murciaShared.id);
  });

  it('when degrees are filtered by the campus name (existing clients), the filter still applies', async () => {
    const { tag, murciaCampus } = await twoFacultiesOfTheSameName();
    const { status, body } = await get('/api/degree/names', {
      filters: { campuses: { name: { $eq: murciaCampus.name } }, name: { $contains: tag } },
    });
    expect(status).toBe(200);
    expect(namesOf(body)).toEqual([
      `Grado en Ciencia de Datos ${tag}`,
      `Grado en Ingeniería Informática ${tag}`,
      `Grado en Videojuegos ${tag}`,
    ]);
  });

  it('when entries are asked by id, those of them that match the other filters come', async () => {
    const { murciaCampus, murciaShared, complutenseShared } = await twoFacultiesOfTheSameName();
    const { status, body } = await get('/api/degree/names', {
      filters: {
        id: { $in: [murciaShared.id, complutenseShared.id] },
        campuses: { id: { $eq: murciaCampus.id } },
      },
    });
    expect(status).toBe(200);
    expect(body.data.map((entry) => entry.id)).toEqual([murciaShared.id]);
  });

  it('when a filter names a field the catalogue does not offer, the answer is 400', async () => {
    const { status } = await get('/api/degree/names', { filters: { duration: { $eq: 4 } } });
    expect(status).toBe(400);
  });
});

describe('GET /api/degree/names pages (spec §7 option fetchers, §9)', () => {
  it('when a name is taught at several campuses, a broad search answers it once: pages are full and the total counts names', async () => {
    const tag = unique('Repetido');
    const campuses = await Promise.all([createCampus(), createCampus(), createCampus()]);
    const repeated = `Grado en Derecho ${tag}`;
    const ids: number[] = [];
    for (const campus of campuses) {
      ids.push((await createDegree({ name: repeated }, [campus.id])).id);
    }
    for (let i = 0; i < 11; i++) {
      await createDegree({ name: `Grado ${String(i).padStart(2, '0')} ${tag}` }, [campuses[0].id]);
    }

    const first = await get('/api/degree/names', {
      filters: { name: { $contains: tag } },
      pagination: { page: 1, pageSize: 10 },
    });
    expect(first.body.data).toHaveLength(10);
    expect(new Set(namesOf(first.body)).size).toBe(10);
    expect(first.body.meta.pagination).toMatchObject({ total: 12, pageCount: 2 });

    const second = await get('/api/degree/names', {
      filters: { name: { $contains: tag } },
      pagination: { page: 2, pageSize: 10 },
    });
    expect(namesOf(second.body)).toEqual([`Grado 10 ${tag}`, repeated]);
    // The lowest id stands for the name.
    expect(second.body.data[1]?.id).toBe(Math.min(...ids));
  });
});
