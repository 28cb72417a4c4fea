import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_CONFIG } from '../../test/helpers/app';
import { getTestDatabase } from '../../test/helpers/db';

/**
 * How the built web and the JSON answers travel (ADR 0056): precompressed assets with the right
 * Content-Encoding and Vary, JSON over 1 KB compressed on the fly, a year of caching for hashed
 * assets and revalidation for the HTML shell. The built site is a folder made here, laid out as
 * the Vite build lays it out (each text asset with its .br and .gz beside it).
 */
let site: FastifyInstance;
let webDistDir: string;
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const BUILT = '\n<!-- built -->';
// Over the 1 KB from which answers are compressed, as the real shell is (3 KB).
const SHELL = `<!doctype html><html lang="es"><head><title>x</title></head><body>${'<p>texto</p>'.repeat(120)}</body></html>`;

beforeAll(async () => {
  webDistDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await mkdir(join(webDistDir, 'assets'));
  const files: Record<string, string> = {
    'index.html': SHELL,
    'assets/index-AbC123.js': BUNDLE,
  };
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(webDistDir, name), text);
    // A mark in the compressed copies shows they, not a compression on the fly, were sent.
    await writeFile(join(webDistDir, `${name}.br`), brotliCompressSync(text + BUILT));
    await writeFile(join(webDistDir, `${name}.gz`), gzipSync(text + BUILT));
  }
  const { db } = await getTestDatabase();
  site = await buildApp({ config: { ...TEST_CONFIG, webDistDir }, db, logger: false });
});
afterAll(async () => {
  await site.close();
  await rm(webDistDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  site.inject({
    method: 'GET',
    url,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('built assets', () => {
  it('when the browser accepts Brotli, the .br file built beside the bundle is sent as br', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(BUNDLE.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BUNDLE + BUILT);
  });

  it('when the browser accepts only gzip, the .gz file is sent as gzip', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(BUNDLE + BUILT);
  });

  it('when the browser accepts no encoding, the plain file is sent, still varying on it', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(BUNDLE);
  });

  it('when a hashed asset is sent, it is cached for a year as immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-AbC123.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('the HTML shell', () => {
  it('when / or a client-side route is opened, the shell comes compressed and is revalidated on every visit; HEAD answers too', async () => {
    for (const url of ['/', '/projects', '/tfx/12']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>texto</p>');
      const head = await site.inject({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(200);
      expect(head.body).toBe('');
    }
    // An API address the API does not know is still its 404, never the shell.
    const api = await get('/api/no-existe');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ data: null, error: { status: 404 } });
  });
});

describe('JSON answers', () => {
  it('when an answer over 1 KB is asked with Accept-Encoding: br, it comes compressed with Brotli and varies on it', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await get('/api/docs/json', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(
      JSON.parse(plain.body),
    );
  });

  it('when the browser accepts only gzip, the answer comes as gzip', async () => {
    const res = await get('/api/docs/json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('when an answer is under 1 KB, it is sent as it is', async () => {
    const res = await get('/healthz', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
