import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/db/data-dir-lock';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/** One process per embedded data folder (ADR 0053). */
const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'faults-lock-'));
  dirs.push(dir);
  return dir;
}

/** The pid of a process that has just ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/**
 * The pid written in a lock file, or undefined while there is none. A server taking over a stale
 * lock removes the file and writes its own, so a read can find it gone or not yet whole.
 */
function lockHolder(file: string): number | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid;
  } catch {
    return undefined;
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the lock of an embedded data folder', () => {
  it('when the folder is locked already, a second lock is refused, and once released it can be taken', () => {
    const dir = join(tempDir(), 'pgdata');
    const release = lockDataDir(dir);
    expect(lockHolder(`${dir}.lock`)).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it('when the lock was left by a process that is gone, it is stale and taken over', () => {
    const dir = join(tempDir(), 'pgdata');
    const pid = deadPid();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid, hostname: hostname(), since: 'ayer' }));
    const release = lockDataDir(dir);
    expect(lockHolder(`${dir}.lock`)).toBe(process.pid);
    release();
  });

  it('when the lock file is unreadable (cut short by a crash), it is stale too', () => {
    const dir = join(tempDir(), 'pgdata');
    writeFileSync(`${dir}.lock`, '{"pid": 12');
    lockDataDir(dir)();
  });

  it('when a second server starts on the same DATA_DIR, it refuses with the folder and the holder, and a lock left by a killed server is taken over', async () => {
    const dataDir = tempDir();
    const lockFile = join(dataDir, 'pgdata.lock');
    const first = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(first);
    await until(() => lockHolder(lockFile) === first.child.pid, 20_000, 'the first lock');

    const second = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(join(dataDir, 'pgdata'));
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect(first.alive()).toBe(true);

    // A crash leaves the lock behind; the next start recognises it as stale.
    await first.stop('SIGKILL');
    expect(lockHolder(lockFile)).toBe(first.child.pid);
    const third = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(third);
    await until(() => lockHolder(lockFile) === third.child.pid, 20_000, 'the lock taken over');
    expect(third.alive()).toBe(true);
    await third.stop('SIGKILL');
  }, 30_000);
});
