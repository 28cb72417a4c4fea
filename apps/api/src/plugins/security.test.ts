import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_CONFIG } from '../../test/helpers/app';
import { getTestDatabase } from '../../test/helpers/db';
import { asAdmin } from '../../test/helpers/factories';

let app: FastifyInstance;
beforeAll(async () => {
  const { db } = await getTestDatabase();
  app = await buildApp({
    config: { ...TEST_CONFIG, corsOrigins: ['https://campus.example.es'] },
    db,
    logger: false,
  });
  await app.ready();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('every answer carries a CSP that fits the app, nosniff and no framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/universities' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('HSTS is only sent when the platform is served over HTTPS', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('when the origin is configured, the preflight allows it', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/projects',
      headers: { origin: 'https://campus.example.es', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://campus.example.es');
  });

  it('a configured origin may send an Idempotency-Key and read Idempotent-Replayed (ADR 0068)', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/applys',
      headers: {
        origin: 'https://campus.example.es',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Idempotency-Key');
    const res = await app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { origin: 'https://campus.example.es' },
    });
    expect(res.headers['access-control-expose-headers']).toBe('Idempotent-Replayed');
  });

  it('when the origin is not configured, no CORS header is given', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('prototype keys', () => {
  it.each([
    '/api/projects?__proto__[admin]=1',
    '/api/projects?filters[__proto__][x]=1',
    '/api/projects?filters[constructor][prototype][x]=1',
    '/api/projects?filters%5B__proto__%5D=1',
  ])('when the query names one (%s), the answer is 400', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
  });

  it('when a JSON body has __proto__ or constructor.prototype, the answer is 400 and nothing is written', async () => {
    const admin = await asAdmin(app);
    for (const payload of [
      '{"data":{"name":"x","__proto__":{"admin":true}}}',
      '{"data":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/universities',
        headers: { ...admin, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('a word that merely contains "constructor" is fine', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/projects?filters[title][$containsi]=constructora',
    });
    expect(res.statusCode).toBe(200);
  });
});
