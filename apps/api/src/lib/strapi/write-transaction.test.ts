import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { createFile, unique } from '../../../test/helpers/factories';
import { files, jobs, resources } from '../../db/schema';

/*
 * The features' own writes go through `entities.writeTransaction`: after the commit the answer
 * cache is told every table the change triggers recorded in the transaction, those a foreign key
 * changed included, with no list kept by hand (ADR 0007, 0030).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The tables the answer cache is told of while `work` runs. */
async function toldDuring(work: () => Promise<unknown>): Promise<string[]> {
  const told = vi.spyOn(app.responseCache, 'invalidate');
  await work().catch(() => undefined);
  return [...new Set(told.mock.calls.map(([table]) => table))].sort();
}

async function resourceWithPicture() {
  const { db } = await getTestDatabase();
  const file = await createFile({ ext: '.png', mime: 'image/png' });
  const [resource] = await db
    .insert(resources)
    .values({ title: unique('Recurso'), pictureId: file.id })
    .returning();
  return { file, resource: resource! };
}

describe('a write of a feature’s own, through the engine’s write transaction', () => {
  it('tells the caches the tables it wrote, once it has committed, and answers what it returned', async () => {
    const { file } = await resourceWithPicture();
    let answer: unknown;
    const told = await toldDuring(async () => {
      answer = await app.entities.writeTransaction(async (tx) => {
        await tx.update(files).set({ caption: 'Nuevo pie' }).where(eq(files.id, file.id));
        return 'hecho';
      });
    });
    expect(answer).toBe('hecho');
    expect(told).toEqual(['files']);
  });

  it('tells the tables a foreign key changed too: a deleted picture leaves its resource without it', async () => {
    const { file, resource } = await resourceWithPicture();
    const told = await toldDuring(() =>
      app.entities.writeTransaction((tx) => tx.delete(files).where(eq(files.id, file.id))),
    );
    expect(told).toEqual(expect.arrayContaining(['files', 'resources']));
    const { db } = await getTestDatabase();
    const [after] = await db.select().from(resources).where(eq(resources.id, resource.id));
    expect(after?.pictureId).toBeNull();
  });

  it('when it fails, nothing is written and no cache is told', async () => {
    const { file } = await resourceWithPicture();
    const told = await toldDuring(() =>
      app.entities.writeTransaction(async (tx) => {
        await tx.update(files).set({ caption: 'No quedará' }).where(eq(files.id, file.id));
        throw new Error('a rule refused it');
      }),
    );
    expect(told).toEqual([]);
    const { db } = await getTestDatabase();
    const [after] = await db.select().from(files).where(eq(files.id, file.id));
    expect(after?.caption).not.toBe('No quedará');
  });

  it('a write of tables no answer reads (the job queue) tells nobody', async () => {
    const told = await toldDuring(() =>
      app.entities.writeTransaction((tx) =>
        tx.delete(jobs).where(eq(jobs.kind, unique('no-such-kind'))),
      ),
    );
    expect(told).toEqual([]);
  });
});
