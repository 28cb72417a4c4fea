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

describe('footer sections (admin writes)', () => {
  const footer = (url: string) => ({
    data: {
      FooterSection: [{ rows: [{ columns: [{ links: [{ text: 'Contacto', url }] }] }] }],
      publishedAt: new Date().toISOString(),
    },
  });

  it('when a link is an http(s) URL, a path, a mailto: or a tel: link, the footer is saved', async () => {
    const { headers } = await signedIn(app, 'admin');
    for (const url of [
      'https://ejemplo.es',
      '/tfx',
      'mailto:hola@ejemplo.es',
      'tel:+34600000000',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/footer-sections',
        headers,
        payload: footer(url),
      });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('when a link is a javascript: or data: URL, the answer is 400', async () => {
    const { headers } = await signedIn(app, 'admin');
    for (const url of ['javascript:alert(1)', 'data:text/html,hola', 'mailto: x']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/footer-sections',
        headers,
        payload: footer(url),
      });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
