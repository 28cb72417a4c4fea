import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  createCall,
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

/**
 * The query of the apply form (ADR 0034): open calls with their degrees, each with its campuses'
 * university, through the engine's populate (Strapi shapes), so calls of the same name can be
 * told apart by degree, university and period.
 */
describe('GET /api/calls as the apply form asks', () => {
  const query = (name: string, extra = '') =>
    [
      `filters[name][$eq]=${encodeURIComponent(name)}`,
      'filters[$or][0][academic_period_end][$gte]=2026-12-01',
      'filters[$or][1][academic_period_end][$null]=true',
      'populate[degrees][fields][0]=name',
      'populate[degrees][populate][campuses][fields][0]=name',
      'populate[degrees][populate][campuses][populate][university][fields][0]=name',
      'sort[0]=name:asc',
      'sort[1]=academic_period_start:desc',
      'pagination[pageSize]=100',
      extra,
    ]
      .filter(Boolean)
      .join('&');

  it('answers each open call with its degrees and their universities, to visitors too', async () => {
    const name = unique('Convocatoria TFG');
    const murcia = await createUniversity({ name: unique('Universidad de Murcia') });
    const campus = await createCampus({ universityId: murcia.id, name: 'Facultad de Psicología' });
    const psychology = await createDegree({ name: 'Grado en Psicología' }, [campus.id]);
    const open = await createCall({ name, academic_period_end: '2027-07-31' }, [psychology.id]);
    const timeless = await createCall({ name, academic_period_end: null });
    await createCall(
      { name, academic_period_start: '2024-09-01', academic_period_end: '2025-07-31' },
      [psychology.id],
    );

    const { status, body } = await send(app, 'GET', `/api/calls?${query(name)}`);
    expect(status).toBe(200);
    const data = body.data as unknown as {
      id: number;
      attributes: {
        academic_period_end: string | null;
        degrees: {
          data: {
            attributes: {
              name: string;
              campuses: {
                data: { attributes: { university: { data: { attributes: { name: string } } } } }[];
              };
            };
          }[];
        };
      };
    }[];
    expect(data.map((call) => call.id).sort()).toEqual([open.id, timeless.id].sort());
    const degree = data.find((call) => call.id === open.id)?.attributes.degrees.data[0];
    expect(degree?.attributes.name).toBe('Grado en Psicología');
    expect(degree?.attributes.campuses.data[0]?.attributes.university.data.attributes.name).toBe(
      murcia.name,
    );
  });

  it('with the degree filter, answers only the calls of that degree', async () => {
    const name = unique('Convocatoria TFG');
    const mine = await createDegree();
    const other = await createDegree();
    const own = await createCall({ name }, [mine.id]);
    await createCall({ name }, [other.id]);
    const { body } = await send(
      app,
      'GET',
      `/api/calls?${query(name, `filters[degrees][id][$eq]=${mine.id}`)}`,
    );
    expect((body.data as { id: number }[]).map((call) => call.id)).toEqual([own.id]);
  });
});
