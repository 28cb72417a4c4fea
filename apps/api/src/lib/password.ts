import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@plataforma/shared';

/** Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/**
 * Length bounds of a password, in characters (code points). NIST SP 800-63B §3.1.1.2: length is
 * what makes a password strong, so at least 12 and no composition rules; the upper bound only
 * keeps hashing cheap and is far above what a person or a password manager uses.
 */

/** Hashes a password with argon2id (OWASP parameters: 19 MiB, 2 iterations, parallelism 1). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
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

/** What a password says about its owner, which it must not be built from. */
export interface PasswordOwner {
  email?: string | null | undefined;
  username?: string | null | undefined;
  name?: string | null | undefined;
  surname?: string | null | undefined;
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
const LEET_SYMBOLS: Record<string, string> = { '@': 'a', $: 's', '!': 'i' };

/** Lower case, without accents (ñ becomes n), so "Contraseña" and "CONTRASENA" are one word. */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "holaholahola" -> "hola". */
function collapseRepetition(value: string): string {
  return /^(.+?)\1+$/u.exec(value)?.[1] ?? value;
}

/** The letters of a password, in order ("1q2w3e4r5t6y" -> "qwerty", "Barcelona1899!" -> "barcelona"). */
function lettersOf(value: string): string {
  return collapseRepetition(fold(value).replace(/[^\p{L}]/gu, ''));
}

/** The word behind leetspeak inside the password's edges ("P@ssw0rd2024!" -> "password"). */
function deLeet(value: string): string {
  const folded = fold(value).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const plain = [...folded].map((c) => LEET[c] ?? LEET_SYMBOLS[c] ?? c).join('');
  return collapseRepetition(plain.replace(/[^\p{L}]/gu, ''));
}

const COMMON_EXACT = new Set(COMMON_PASSWORDS.map((p) => fold(p)));
const COMMON_ROOTS = new Set(
  COMMON_PASSWORDS.flatMap((p) => [lettersOf(p), deLeet(p)]).filter((root) => root.length >= 3),
);

/** Keyboard rows, the alphabet and digits: a password that is a stretch of one is a guess away. */
const SEQUENCES = [
  '01234567890123456789',
  'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
  'qwertyuiopasdfghjklñzxcvbnmqwertyuiop',
  'qwertyuiopasdfghjklzxcvbnmqwertyuiop',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  '1q2w3e4r5t6y7u8i9o0p',
  'qazwsxedcrfvtgbyhnujmikolp',
].flatMap((s) => [s, [...s].reverse().join('')]);

/** True for a password from the common list, built on one of its words, or a keyboard run. */
export function isCommonPassword(password: string): boolean {
  const folded = fold(password);
  if (COMMON_EXACT.has(folded)) return true;
  if (new Set(folded).size < 4) return true;
  const compact = folded.replace(/\s+/g, '');
  if (SEQUENCES.some((s) => s.includes(compact))) return true;
  const letters = lettersOf(password);
  const word = deLeet(password);
  if (COMMON_ROOTS.has(letters) || COMMON_ROOTS.has(word)) return true;
  // A keyboard or alphabet run with digits around it ("Qwertyu2024!").
  return letters.length >= 4 && SEQUENCES.some((s) => s.includes(letters));
}

/** True when the password is only the owner's email, username or name, plus digits or symbols. */
function isBuiltOnOwner(password: string, owner: PasswordOwner): boolean {
  const letters = lettersOf(password);
  if (letters.length === 0) return false;
  const localPart = owner.email?.split('@')[0];
  const candidates = [
    owner.email,
    localPart,
    owner.username,
    owner.name,
    owner.surname,
    owner.name && owner.surname ? `${owner.name}${owner.surname}` : undefined,
  ];
  return candidates.some((c) => {
    if (!c) return false;
    const root = lettersOf(c);
    return root.length >= 3 && (root === letters || root === deLeet(password));
  });
}

/**
 * The first rule a new password breaks, as the Spanish message the person reads (the web shows it
 * under the field), or null when it is acceptable.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) {
    return 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.';
  }
  if (isBuiltOnOwner(password, owner)) {
    return 'La contraseña no puede basarse en tu nombre, tu correo o tu nombre de usuario.';
  }
  return null;
}
