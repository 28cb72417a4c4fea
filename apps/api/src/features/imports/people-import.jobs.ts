import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { peopleImportRows, peopleImports } from '../../db/schema';
import { insertJsonRows } from '../../db/statements';
import { enqueueJob, PermanentJobError, type JobDefinition } from '../../lib/jobs';
import { loadRenderContext } from '../../lib/mail/outbox';
import type { Transaction } from '../../db/handles';
import { planRows } from './people-plan';
import { checkPeopleRows, findPeopleColumns } from './people-rows';
import { writeBatch, type RowOutcome } from './people-write';

/**
 * The job that writes an import of people (ADR 0048), a kind of the durable queue (ADR 0036,
 * ADR 0037): never in the request. The file's rows are checked again (the same rules as the
 * preview) and written in batches of PEOPLE_IMPORT_BATCH rows, each in one transaction with its
 * rows' outcomes and the import's counts and `batches_done`: a crash leaves whole batches, and
 * the next attempt starts after the last one committed. Idempotent by construction: each batch
 * is planned inside its transaction against what is registered then, so a person already there
 * is never created twice, whatever ran before.
 */

export const PEOPLE_IMPORT_JOB = 'people.import';
/** Rows written per transaction: an interrupted import loses at most this much work. */
export const PEOPLE_IMPORT_BATCH = 500;
/** Serialises the batches of every people import: two must not both create one person. */
const PEOPLE_IMPORT_LOCK = 727_277;

const payloadSchema = z.object({ importId: z.number().int().positive() });

/** One job per import. */
export const peopleImportKey = (id: number) => `${PEOPLE_IMPORT_JOB}:${id}`;

export function enqueuePeopleImport(tx: Transaction, importId: number): Promise<number> {
  return enqueueJob(tx, {
    kind: PEOPLE_IMPORT_JOB,
    key: peopleImportKey(importId),
    payload: { importId },
  });
}

const FAILED_MESSAGE =
  'La importación se ha detenido por un error. Las filas procesadas están guardadas; vuelve a cargar el mismo archivo (omitiendo o actualizando las existentes) para completar el resto.';

function countOf(outcomes: readonly RowOutcome[], outcome: RowOutcome['outcome']): number {
  return outcomes.filter((o) => o.outcome === outcome).length;
}

export function peopleImportJob(deps: {
  config: { publicUrl: string };
}): JobDefinition<z.infer<typeof payloadSchema>> {
  return {
    kind: PEOPLE_IMPORT_JOB,
    payload: payloadSchema,

    async run({ payload, db, progress, signal }) {
      const { importId } = payload;
      const [started] = await db
        .select()
        .from(peopleImports)
        .where(eq(peopleImports.id, importId))
        .limit(1);
      if (!started) throw new PermanentJobError('The import no longer exists');
      if (started.status === 'done' || started.status === 'failed') {
        return { status: started.status };
      }
      if (!started.header || !started.fileRows) {
        throw new PermanentJobError('The import has no rows to write');
      }
      await db
        .update(peopleImports)
        .set({ status: 'running', updatedAt: sql`now()` })
        .where(and(eq(peopleImports.id, importId), eq(peopleImports.status, 'queued')));

      const { kind, mode, total } = started;
      const columns = findPeopleColumns(kind, started.header);
      const checked = await checkPeopleRows(db, kind, columns, started.fileRows);
      const batches: (typeof checked)[] = [];
      for (let i = 0; i < checked.length; i += PEOPLE_IMPORT_BATCH) {
        batches.push(checked.slice(i, i + PEOPLE_IMPORT_BATCH));
      }
      // This run's invitations are spread from now on (a resumed run starts its own pace).
      const pace = { next: new Date() };
      let processed = started.processed;
      await progress(processed, total);

      for (let index = started.batchesDone; index < batches.length; index++) {
        signal.throwIfAborted();
        const batch = batches[index]!;
        const committed = await db.transaction(async (tx) => {
          const [current] = await tx
            .select({ batchesDone: peopleImports.batchesDone })
            .from(peopleImports)
            .where(eq(peopleImports.id, importId))
            .for('update');
          // Another run took over this import (this one lost its lease): leave it to it.
          if (current?.batchesDone !== index) return false;
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${PEOPLE_IMPORT_LOCK})`);
          const planned = await planRows(tx, kind, columns, batch, mode);
          const render = await loadRenderContext(tx, deps.config);
          const outcomes = await writeBatch(tx, kind, planned, { render, pace });
          await insertJsonRows(
            tx,
            peopleImportRows,
            outcomes.map((o) => ({
              importId,
              row: o.row,
              outcome: o.outcome,
              label: o.label,
              errors: o.errors,
              userId: o.userId ?? null,
              organizationId: o.organizationId ?? null,
            })),
          );
          await tx
            .update(peopleImports)
            .set({
              batchesDone: index + 1,
              processed: sql`${peopleImports.processed} + ${batch.length}`,
              created: sql`${peopleImports.created} + ${countOf(outcomes, 'created')}`,
              updated: sql`${peopleImports.updated} + ${countOf(outcomes, 'updated')}`,
              skipped: sql`${peopleImports.skipped} + ${countOf(outcomes, 'skipped')}`,
              failed: sql`${peopleImports.failed} + ${countOf(outcomes, 'failed')}`,
              updatedAt: sql`now()`,
            })
            .where(eq(peopleImports.id, importId));
          return true;
        });
        if (!committed) return { superseded: true };
        processed += batch.length;
        await progress(processed, total);
      }

      // The file's rows hold personal data: kept only while the import may need them.
      const [finished] = await db
        .update(peopleImports)
        .set({
          status: 'done',
          header: null,
          fileRows: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(peopleImports.id, importId))
        .returning();
      return {
        processed: finished?.processed,
        created: finished?.created,
        updated: finished?.updated,
        skipped: finished?.skipped,
        failed: finished?.failed,
      };
    },

    /** Given up: the batches written stay; the import says it stopped and how far it got. */
    async onFailure({ tx, payload }) {
      await tx
        .update(peopleImports)
        .set({
          status: 'failed',
          error: FAILED_MESSAGE,
          header: null,
          fileRows: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(peopleImports.id, payload.importId),
            inArray(peopleImports.status, ['queued', 'running']),
          ),
        );
    },
  };
}
