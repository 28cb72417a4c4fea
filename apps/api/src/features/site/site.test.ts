import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '@plataforma/shared';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { signedIn } from '../../../test/helpers/factories';
import { featurePermissions } from '../../db/schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('GET /api/permissions/status', () => {
  it('answers a switch for every feature, with create/update where the spec has them', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/permissions/status' });
    expect(res.statusCode).toBe(200);
    const { permissions } = res.json<{ permissions: Record<string, Record<string, boolean>> }>();
    expect(Object.keys(permissions).sort()).toEqual([...FEATURES].sort());
    expect(Object.keys(permissions.projects ?? {}).sort()).toEqual(['create', 'enabled', 'update']);
    expect(Object.keys(permissions.resources ?? {})).toEqual(['enabled']);
  });

  it('when a role has switches, a user of that role gets them and a visitor gets the public ones', async () => {
    const { db } = await getTestDatabase();
    await db
      .insert(featurePermissions)
      .values({
        role: 'coordinator',
        feature: 'organizations',
        enabled: true,
        create: true,
        update: false,
      })
      .onConflictDoUpdate({
        target: [featurePermissions.role, featurePermissions.feature],
        set: { enabled: true, create: true, update: false },
      });
    const { headers } = await signedIn(app, 'coordinator');
    const coordinator = await app.inject({
      method: 'GET',
      url: '/api/permissions/status',
      headers,
    });
    expect(
      coordinator.json<{ permissions: Record<string, unknown> }>().permissions.organizations,
    ).toEqual({
      enabled: true,
      create: true,
      update: false,
    });
  });
});
