import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../lib/storage';
import { signedIn } from '../../../test/helpers/factories';
import {
  buildUploadTestApp,
  filesUnder,
  image,
  pdf,
  upload,
  type UploadTestApp,
} from '../../../test/helpers/upload';
import { ORPHAN_GRACE_MS, reapOrphanUploads } from './upload.jobs';
import type { PresentedFile } from './upload.presenter';

/** Sets a file's times `ms` in the past. */
function age(path: string, ms: number) {
  const when = new Date(Date.now() - ms);
  utimesSync(path, when, when);
}

describe('the reaper of stored bytes without a row (ADR 0053)', () => {
  let t: UploadTestApp;
  beforeAll(async () => {
    t = await buildUploadTestApp();
  });
  afterAll(async () => t.close());

  it('removes bytes older than a day that no row names, and keeps every file and format a row names, and whatever is younger', async () => {
    const { headers } = await signedIn(t.app, 'student');
    const sent = await upload(t.app, headers, [
      { data: await image('png', 1200, 900), filename: 'cartel.png' },
      { data: pdf(), filename: 'memoria.pdf' },
    ]);
    expect(sent.status).toBe(201);
    const kept = await filesUnder(t.uploadDir);
    // The image's formats are files of their own, named only inside the row's `formats`.
    expect(kept.filter((key) => key.startsWith('public/')).length).toBeGreaterThan(1);
    for (const key of kept) age(join(t.uploadDir, key), 2 * ORPHAN_GRACE_MS);

    // What a process killed between storing the bytes and committing the row leaves.
    mkdirSync(join(t.uploadDir, 'public'), { recursive: true });
    mkdirSync(join(t.uploadDir, 'private'), { recursive: true });
    const oldPublic = join(t.uploadDir, 'public', 'huerfano_viejo.png');
    const oldPrivate = join(t.uploadDir, 'private', 'huerfano_viejo.pdf');
    const young = join(t.uploadDir, 'public', 'subida_en_curso.png');
    for (const path of [oldPublic, oldPrivate, young]) writeFileSync(path, 'bytes');
    age(oldPublic, ORPHAN_GRACE_MS + 60_000);
    age(oldPrivate, 3 * ORPHAN_GRACE_MS);

    const result = await reapOrphanUploads(t.app.db, new LocalStorage(t.uploadDir));
    expect(result).toEqual({ checked: kept.length + 3, removed: 2 });
    expect(existsSync(oldPublic)).toBe(false);
    expect(existsSync(oldPrivate)).toBe(false);
    expect(await filesUnder(t.uploadDir)).toEqual([...kept, 'public/subida_en_curso.png'].sort());

    // The files still serve.
    for (const file of sent.body as PresentedFile[]) {
      const res = await t.app.inject({ method: 'GET', url: file.url, headers });
      expect(res.statusCode, file.url).toBe(200);
    }
  });
});

/** Mounting needs root (CI and this machine run as root); elsewhere these tests cannot be set up. */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

describe.skipIf(!canMount())('an upload disk that is full or read-only (ADR 0053)', () => {
  let t: UploadTestApp;
  let mountPoint: string;
  beforeAll(async () => {
    mountPoint = mkdtempSync(join(tmpdir(), 'uploads-disk-'));
    // A real filesystem of 1 MB: smaller than one file of the largest size allowed.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]);
    t = await buildUploadTestApp({ uploadDir: mountPoint });
  });
  afterAll(async () => {
    await t.app.close();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const bigPdf = () => Buffer.concat([pdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]);

  it('a full disk answers 507 with a Spanish message, keeps nothing half written, and shows in /readyz', async () => {
    const { headers } = await signedIn(t.app, 'student');
    const full = await upload(t.app, headers, [{ data: bigPdf(), filename: 'tfg.pdf' }]);
    expect(full.status).toBe(507);
    expect(full.res.headers['content-language']).toBe('es');
    expect(full.body).toMatchObject({
      data: null,
      error: {
        status: 507,
        name: 'InsufficientStorageError',
        details: { storage: 'full' },
      },
    });
    expect((full.body as { error: { message: string } }).error.message).toMatch(
      /^No se ha podido guardar el archivo/,
    );
    expect(await filesUnder(mountPoint)).toEqual([]);

    const warn = vi.spyOn(t.app.log, 'warn');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', uploads: 'full' });
    // Said once when it changes, not on every probe.
    await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(warn.mock.calls.filter(([, message]) => message === 'upload disk')).toHaveLength(1);
    warn.mockRestore();

    // A small file still fits: the disk is full for large ones only.
    const small = await upload(t.app, headers, [{ data: pdf(), filename: 'cv.pdf' }]);
    expect(small.status).toBe(201);
  });

  it('a read-only disk answers 507 too, and /readyz says read-only', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
    try {
      const { headers } = await signedIn(t.app, 'student');
      const refused = await upload(t.app, headers, [{ data: pdf(), filename: 'cv.pdf' }]);
      expect(refused.status).toBe(507);
      expect(refused.body).toMatchObject({ error: { details: { storage: 'read-only' } } });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', uploads: 'read-only' });
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mountPoint]);
    }
  });
});
