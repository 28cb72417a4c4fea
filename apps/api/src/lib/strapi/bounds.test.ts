import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { asAdmin, createCall, createDegree } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { createRegistry } from '../../content-types';

/** Every number and date written has a range (ADR 0052), whatever route writes it. */

const RANGED = ['integer', 'decimal', 'date', 'datetime'];

describe('every number and date of every content type has bounds', () => {
  const attributes = createRegistry()
    .all()
    .flatMap((type) =>
      [...type.attributes.values()]
        .filter((a) => a.kind === 'scalar' && a.writable && RANGED.includes(a.type))
        .map((a) => [`${type.uid} ${a.name}`, a] as const),
    );

  it('finds the numbers and dates to check', () => {
    expect(attributes.length).toBeGreaterThan(10);
  });

  it.each(attributes)('%s declares a range with a Spanish message', (_name, attribute) => {
    if (attribute.kind !== 'scalar') throw new Error('not a scalar');
    expect(attribute.bounds).toBeDefined();
    const { min, max, message } = attribute.bounds!;
    expect(min < max).toBe(true);
    expect(message).toMatch(/[áéíóúñ]|debe|no es válid/i);
  });
});

describe('out-of-range values are refused through the generic routes', () => {
  let app: FastifyInstance;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await getTestApp();
    admin = await asAdmin(app);
  });

  it.each([-1, 0, 7, 99999])(
    'PUT /api/degrees/:id with duration %s is 400 in Spanish',
    async (duration) => {
      const degree = await createDegree();
      const res = await app.inject({
        method: 'PUT',
        url: `/api/degrees/${degree.id}`,
        headers: admin,
        payload: { data: { duration } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-language']).toBe('es');
      expect(res.json()).toMatchObject({
        error: {
          name: 'ValidationError',
          message: CATALOGUE_MESSAGES.duration,
          details: { errors: [{ path: ['duration'] }] },
        },
      });
    },
  );

  it('a call whose period ends before it starts is 400 in Spanish, created or changed', async () => {
    const created = await send(app, 'POST', '/api/calls', {
      headers: admin,
      payload: {
        data: {
          name: 'Convocatoria al revés',
          academic_period_start: '2031-06-01',
          academic_period_end: '2031-01-01',
        },
      },
    });
    expect(created.status).toBe(400);
    expect(created.body.error?.message).toBe(CATALOGUE_MESSAGES.periodOrder);
    const call = await createCall({
      academic_period_start: '2031-01-01',
      academic_period_end: '2031-06-01',
    });
    const changed = await send(app, 'PUT', `/api/calls/${call.id}`, {
      headers: admin,
      payload: { data: { academic_period_end: '2030-12-31' } },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error?.message).toBe(CATALOGUE_MESSAGES.periodOrder);
  });

  it('a date far outside any academic year is 400 in Spanish', async () => {
    const call = await createCall();
    const res = await send(app, 'PUT', `/api/calls/${call.id}`, {
      headers: admin,
      payload: { data: { academic_period_start: '1850-01-01' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('La fecha debe estar entre el año 1900 y el 2100.');
  });

  it('a value within its range is written', async () => {
    const degree = await createDegree();
    const res = await send(app, 'PUT', `/api/degrees/${degree.id}`, {
      headers: admin,
      payload: { data: { duration: 4 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.duration).toBe(4);
  });
});
