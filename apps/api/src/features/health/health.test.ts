import { describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';

describe('health', () => {
  it('when the process runs, /healthz answers ok with the version of the root package.json', async () => {
    const app = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const { version } = (await import('../../../../../package.json', { with: { type: 'json' } }))
      .default;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(res.json()).toEqual({ status: 'ok', version });
  });

  it('when the database answers, /readyz answers ready', async () => {
    const app = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', uploads: 'ok' });
  });

  it('when the app is draining, /readyz answers 503', async () => {
    const app = await getTestApp();
    app.isShuttingDown = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
    } finally {
      app.isShuttingDown = false;
    }
  });

  it('when an API path does not exist, the answer is a Strapi 404', async () => {
    const app = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      data: null,
      error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
    });
  });
});
