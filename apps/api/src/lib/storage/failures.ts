import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { refusal, type AppError } from '../errors';

/** What is wrong with a disk that refused a write. */
export type DiskProblem = 'full' | 'read-only';

const DISK_CODES: Record<string, DiskProblem> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
};

/**
 * Whether an error (or one of its causes) is a disk that cannot take the bytes: full, over its
 * quota or mounted read-only. Undefined for anything else.
 */
export function diskProblemOf(error: unknown): DiskProblem | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && current !== undefined; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_CODES[code]) return DISK_CODES[code];
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/**
 * The answer to a write the upload disk refused (ADR 0053): 507, worded for the person who tried,
 * who can do nothing but try later; the operators see the disk's state in /readyz.
 */
export function insufficientStorage(problem: DiskProblem): AppError {
  return refusal(
    'INSUFFICIENT_STORAGE',
    'No se ha podido guardar el archivo: el almacenamiento del servidor no admite más archivos ahora mismo. Inténtalo más tarde; si sigue ocurriendo, avisa a tu universidad.',
    { storage: problem },
  );
}

/** The upload disk as /readyz reports it. */
export type DiskState = 'ok' | DiskProblem;

/**
 * Whether the upload directory (the spool of every upload, and the files themselves on local
 * storage) can take an upload now: writable, with room for at least one file of the largest size
 * allowed (`minFreeBytes`).
 */
export async function diskStateOf(directory: string, minFreeBytes: number): Promise<DiskState> {
  try {
    await access(directory, constants.W_OK);
    const { bavail, bsize } = await statfs(directory);
    return bavail * bsize < minFreeBytes ? 'full' : 'ok';
  } catch (error) {
    // Not there yet (made on the first upload): what counts is the disk it will be made on.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      const parent = dirname(directory);
      return parent === directory ? 'ok' : diskStateOf(parent, minFreeBytes);
    }
    return diskProblemOf(error) ?? 'read-only';
  }
}
