import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config/env';
import { getTestDatabase } from './db';

let app: Promise<FastifyInstance> | undefined;

export const TEST_CONFIG: AppConfig = {
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: '/nonexistent',
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  samlSp: { privateKey: undefined, certificate: undefined },
  publicUrl: 'http://localhost:3000',
  smtpUrl: undefined,
  // A private temporary folder per test process: uploads in tests never touch the machine's disk elsewhere.
  uploadDir: mkdtempSync(join(tmpdir(), 'api-test-uploads-')),
  webDistDir: '/nonexistent/web',
  logLevel: 'silent',
  demoData: false,
  dbPoolSize: 5,
  // Most tests write through factories and read at once; the cache has its own tests.
  responseCache: false,
  rateLimits: true,
  workers: 1,
  mailFrom: 'Plataforma de pruebas <no-reply@test.local>',
  corsOrigins: [],
  trustProxy: 0,
  timeouts: { headersMs: 30_000, bodyIdleMs: 30_000, bodyMinBytesPerSecond: 50 * 1024 },
  metricsToken: undefined,
  storage: { kind: 'local' },
};

/** The app of this test worker, built once on the worker's database. */
export function getTestApp(): Promise<FastifyInstance> {
  app ??= (async () => {
    const database = await getTestDatabase();
    const instance = await buildApp({ config: TEST_CONFIG, db: database.db, logger: false });
    await instance.ready();
    return instance;
  })();
  return app;
}
