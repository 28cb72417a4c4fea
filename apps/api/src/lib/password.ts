import { hash, verify, Algorithm } from '@node-rs/argon2';

/** Hashes a password with argon2id (OWASP parameters: 19 MiB, 2 iterations, parallelism 1). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    algorithm: Algorithm.Argon2id,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
}

/** Checks a password against a stored argon2 hash; false for a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
