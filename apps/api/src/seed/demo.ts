import type { FastifyBaseLogger } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword } from '../lib/password';
import type { FileStorage } from '../lib/storage';
import { createRandom } from './random';
import { insertBanners } from './steps/banners';
import { insertCatalogue, insertRoles, insertStudyAreas } from './steps/catalogue';
import type { SeedContext } from './steps/context';
import { insertLibrary, insertNotifications } from './steps/library';
import { insertPeople } from './steps/people';
import { insertApplications, insertProjectFavourites, insertProjects } from './steps/projects';
import { insertSiteContent } from './steps/site';

/** Password of every demo account (issue 2 §4). */
export const DEMO_PASSWORD = 'Demostracion2026';

export interface DemoAccount {
  email: string;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'estudiante@demo.es', description: 'Estudiante con el perfil completo' },
  { email: 'estudiante.nuevo@demo.es', description: 'Estudiante sin provincia ni teléfono' },
  { email: 'profesor@demo.es', description: 'Profesor' },
  { email: 'coordinador@demo.es', description: 'Coordinador con organización' },
  { email: 'coordinador.nuevo@demo.es', description: 'Coordinador sin organización' },
  { email: 'admin@demo.es', description: 'Administrador' },
];

/** Same seed, same data: tests and screenshots can rely on names and relations. */
const RANDOM_SEED = 20_260_101;

/** Serialises concurrent seeders on one PostgreSQL (two instances booting together). */
const SEED_LOCK_KEY = 727_275;

/**
 * Fills an empty database with demo data; answers whether it did. The works' PDFs are written to
 * `storage`, the app's own (ADR 0039), as if uploaded; if the seed fails they are removed.
 */
export async function seedDemoDataIfEmpty(
  db: Database,
  log: FastifyBaseLogger,
  storage: FileStorage,
  /** Called once it is known that the demo data will be loaded (it takes a minute). */
  onStart?: () => void,
): Promise<boolean> {
  if (await hasUsers(db)) return false;
  onStart?.();
  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const storedKeys: string[] = [];
  let seeded: boolean;
  try {
    seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      // Checked again under the lock: another process may have seeded while we hashed.
      if (await hasUsers(tx)) return false;
      await seedDemoData({
        tx,
        rng: createRandom(RANDOM_SEED),
        now: new Date(),
        passwordHash,
        storage,
        storedKeys,
      });
      return true;
    });
  } catch (error) {
    // The rows were rolled back: so go the bytes nothing points at any more.
    await Promise.all(storedKeys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  if (seeded) log.info({ ms: Math.round(performance.now() - started) }, 'demo data seeded');
  return seeded;
}

/**
 * Whether the demo accounts are there to be announced: an installation that chose demo data but
 * was set up for real before (its own users, no demo ones) must not print accounts it lacks.
 */
export async function hasDemoAccounts(db: Database): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return rows.length === emails.length;
}

async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** Every step in dependency order; each step inserts in a few set-wise statements. */
async function seedDemoData(ctx: SeedContext): Promise<void> {
  const roleIds = await insertRoles(ctx);
  await insertStudyAreas(ctx);
  const catalogue = await insertCatalogue(ctx);
  const people = await insertPeople(ctx, roleIds, catalogue);
  const projects = await insertProjects(ctx, catalogue, people);
  await insertApplications(ctx, projects, people);
  await insertProjectFavourites(ctx, projects, people);
  await insertLibrary(ctx, people);
  await insertNotifications(ctx, people);
  await insertSiteContent(ctx);
  await insertBanners(ctx);
}
