import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('when nothing is set, it runs embedded on port 3000 with a secret kept in the data directory', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      dataDir: dir,
    });
    expect(config.uploadDir).toBe(join(dir, 'uploads'));
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('when DATA_DIR is relative, it is taken from where the command was typed (INIT_CWD)', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: dir }).dataDir).toBe(join(dir, 'data'));
  });

  it('when DATABASE_URL is set without JWT_SECRET, the process refuses to start', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/JWT_SECRET/);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x', JWT_SECRET: 'x'.repeat(40) }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ API_WORKERS: '4' }, /API_WORKERS/],
    [{ RATE_LIMITS: 'sometimes' }, /RATE_LIMITS/],
    [{ STORAGE: 's3' }, /S3_BUCKET/],
    [{ CORS_ORIGINS: 'campus.um.es' }, /CORS_ORIGINS/],
  ])('when %o, a ConfigError names the variable', (env, message) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  it('when RATE_LIMITS is off (load tests), the limits are off; they are on by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimits).toBe(true);
  });

  it('when CORS origins are listed, they are kept without trailing slashes', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: 'https://a.es/, https://b.es:8443' })
        .corsOrigins,
    ).toEqual(['https://a.es', 'https://b.es:8443']);
  });

  it('when PUBLIC_URL ends with a slash, it is trimmed', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://impacto.um.es/' }).publicUrl,
    ).toBe('https://impacto.um.es');
  });
});
