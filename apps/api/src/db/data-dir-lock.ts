import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * One process per embedded database folder (ADR 0053). PGlite keeps the database inside the
 * process: a second process on the same folder would serve from its own copy, hand out the same
 * ids, and lose one side's writes. The first process writes a lock file next to the folder with
 * its pid; another one refuses to start and says who holds it. A lock whose process is gone (a
 * crash, a kill -9) is stale and is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockInfo {
  pid: number;
  hostname: string;
  /** The process's start on this machine (Linux clock ticks): a reused pid is told apart. */
  start: string | null;
  since: string;
}

/** Lock files this process holds (a second open of the same folder is refused too). */
const held = new Set<string>();

/** Takes the lock of `dir` (`<dir>.lock`); answers the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const mine: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    start: processStart(process.pid),
    since: new Date().toISOString(),
  };
  const text = JSON.stringify(mine) + '\n';
  for (let round = 0; round < 5; round++) {
    if (held.has(file)) throw lockedError(dir, mine);
    try {
      writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readText(file);
      if (found === undefined) continue; // released meanwhile: try again
      const holder = parse(found);
      if (holder && isAlive(holder)) throw lockedError(dir, holder);
      takeOver(file, found);
      continue;
    }
    held.add(file);
    const release = () => {
      if (!held.delete(file)) return;
      if (readText(file) === text) unlinkQuietly(file);
    };
    process.once('exit', release);
    return () => {
      process.removeListener('exit', release);
      release();
    };
  }
  throw new DataDirLockedError(
    `No se pudo bloquear la carpeta de datos ${dir}: otro proceso la está tomando a la vez.`,
  );
}

/**
 * Moves a stale lock aside, atomically. If what was moved is no longer the stale lock (another
 * process took it over in between), it is put back, and the next round finds it held.
 */
function takeOver(file: string, stale: string) {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readText(aside) !== stale) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone created a new lock meanwhile: theirs stands.
    }
  }
  unlinkQuietly(aside);
}

function lockedError(dir: string, holder: LockInfo): DataDirLockedError {
  const where = holder.hostname === hostname() ? '' : ` en ${holder.hostname}`;
  return new DataDirLockedError(
    `La carpeta de datos ${dir} ya la usa otro proceso (pid ${holder.pid}${where}, desde ${holder.since}): ` +
      'detenga ese proceso o indique otra carpeta en DATA_DIR.',
  );
}

/** Whether the lock's process still runs (on another machine: assumed so, it cannot be seen). */
function isAlive(holder: LockInfo): boolean {
  if (holder.hostname !== hostname()) return true;
  // Same pid as this process: a lock from an earlier life of a pid reused (pid 1 in a container).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(holder.pid);
  return holder.start === null || start === null || start === holder.start;
}

/** The start time of a process (field 22 of /proc/<pid>/stat), or null where there is no /proc. */
function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function parse(text: string): LockInfo | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockInfo>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return undefined;
    return {
      pid: value.pid,
      hostname: value.hostname,
      start: typeof value.start === 'string' ? value.start : null,
      since: typeof value.since === 'string' ? value.since : '?',
    };
  } catch {
    // A lock cut short (the disk filled, a crash mid-write) holds nothing: stale.
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}
