import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { campuses, universities } from '../../db/schema';
import { executeRows } from '../../db/statements';
import { createRegistry } from '../../content-types';
import { AppError } from '../errors';
import { SYSTEM } from './actor';
import { EntityService } from './engine';
import type { LifecycleEvent, Lifecycles } from './types';

const CAMPUS = 'api::campus.campus';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

/**
 * An entity service of its own, so the hooks of a test never reach the shared app; `written`
 * collects what it announces after each write.
 */
function serviceWith<S extends object>(hooks: Lifecycles<S>, written: string[][] = []) {
  const registry = createRegistry();
  registry.addLifecycles(CAMPUS, hooks);
  return new EntityService(registry, app.db, { onWrite: (tables) => written.push(tables) });
}

const countNamed = async (name: string) => app.db.$count(campuses, eq(campuses.name, name));

describe('lifecycle hooks', () => {
  it('run in order inside the transaction, share their state, and call back after the commit', async () => {
    const steps: string[] = [];
    const service = serviceWith<{ seen: unknown }>({
      async beforeCreate(event) {
        steps.push(`beforeCreate:${event.id}`);
        event.state.seen = event.data.name;
      },
      async afterCreate(event: LifecycleEvent<{ seen: unknown }>) {
        // The row is visible inside the transaction, before the commit.
        const rows = await event.tx.select().from(campuses).where(eq(campuses.id, event.id));
        steps.push(`afterCreate:${rows.length}:${String(event.state.seen)}`);
        event.afterCommit(() => steps.push('committed'));
      },
    });
    const created = await service.create(
      CAMPUS,
      { data: { name: 'Campus con ganchos' } },
      {},
      SYSTEM,
    );
    expect(steps).toEqual(['beforeCreate:0', 'afterCreate:1:Campus con ganchos', 'committed']);
    expect(created.data).not.toBeNull();
  });

  it('a hook that throws refuses the write: nothing is kept and the after-commit callbacks never run', async () => {
    const calls: string[] = [];
    const service = serviceWith({
      async afterCreate(event) {
        event.afterCommit(() => calls.push('committed'));
        throw new AppError('VALIDATION', 'No se puede crear este campus');
      },
    });
    await expect(
      service.create(CAMPUS, { data: { name: 'Campus rechazado' } }, {}, SYSTEM),
    ).rejects.toThrow('No se puede crear este campus');
    expect(await countNamed('Campus rechazado')).toBe(0);
    expect(calls).toEqual([]);
  });

  it('update hooks see the row before and after the change through the shared state', async () => {
    let change = '';
    const service = serviceWith<{ before: string }>({
      async beforeUpdate(event) {
        const [row] = await event.tx.select().from(campuses).where(eq(campuses.id, event.id));
        event.state.before = row?.name;
      },
      async afterUpdate(event) {
        const [row] = await event.tx.select().from(campuses).where(eq(campuses.id, event.id));
        change = `${String(event.state.before)} -> ${row?.name ?? ''}`;
      },
    });
    const created = await service.create(CAMPUS, { data: { name: 'Campus viejo' } }, {}, SYSTEM);
    const id = (created.data as { id: number }).id;
    await service.update(CAMPUS, id, { data: { name: 'Campus nuevo' } }, {}, SYSTEM);
    expect(change).toBe('Campus viejo -> Campus nuevo');
  });

  it('a delete hook can refuse the delete', async () => {
    const service = serviceWith({
      async beforeDelete() {
        throw new AppError('VALIDATION', 'Este campus no se puede borrar');
      },
    });
    const created = await service.create(CAMPUS, { data: { name: 'Campus fijo' } }, {}, SYSTEM);
    const id = (created.data as { id: number }).id;
    await expect(service.delete(CAMPUS, id, {}, SYSTEM)).rejects.toThrow(
      'Este campus no se puede borrar',
    );
    expect(await countNamed('Campus fijo')).toBe(1);
  });

  it('when a before hook sets a value, the one statement that writes the entry writes it', async () => {
    const service = serviceWith({
      async beforeCreate(event) {
        event.set('name', `${String(event.data.name)} (revisado)`);
      },
      async beforeUpdate(event) {
        if ('name' in event.data) event.set('name', String(event.data.name).toUpperCase());
      },
    });
    const created = await service.create(CAMPUS, { data: { name: 'Campus dado' } }, {}, SYSTEM);
    const id = (created.data as { id: number }).id;
    const [row] = await app.db.select().from(campuses).where(eq(campuses.id, id));
    expect(row?.name).toBe('Campus dado (revisado)');
    // The answer is the row as written.
    expect(JSON.stringify(created.data)).toContain('Campus dado (revisado)');
    await service.update(CAMPUS, id, { data: { name: 'campus en voz alta' } }, {}, SYSTEM);
    const [updated] = await app.db.select().from(campuses).where(eq(campuses.id, id));
    expect(updated?.name).toBe('CAMPUS EN VOZ ALTA');
  });

  it('when an after hook tries to set a value, the write is refused: the statement already ran', async () => {
    const service = serviceWith({
      async afterCreate(event) {
        event.set('name', 'Demasiado tarde');
      },
    });
    await expect(
      service.create(CAMPUS, { data: { name: 'Campus tardío' } }, {}, SYSTEM),
    ).rejects.toThrow('afterCreate cannot set name');
    expect(await countNamed('Campus tardío')).toBe(0);
  });

  it("when a hook writes another table, that table is announced after the commit with the entry's", async () => {
    const written: string[][] = [];
    const service = serviceWith(
      {
        async afterCreate(event) {
          if (event.data.name !== 'Campus que avisa') return;
          await event.tx.execute(
            sql`UPDATE ${universities} SET "updated_at" = now() WHERE "id" = -1`,
          );
        },
      },
      written,
    );
    await service.create(CAMPUS, { data: { name: 'Campus que avisa' } }, {}, SYSTEM);
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual(expect.arrayContaining(['campuses', 'universities']));
    // The next write starts with a clean record: only what it writes.
    await service.create(CAMPUS, { data: { name: 'Campus callado' } }, {}, SYSTEM);
    expect(written[1]).toEqual(['campuses']);
  });

  it('two registrations on one type keep their own state', async () => {
    const seen: unknown[] = [];
    const registry = createRegistry();
    registry.addLifecycles<{ mark: string }>(CAMPUS, {
      async beforeCreate(event) {
        event.state.mark = 'primera';
      },
      async afterCreate(event) {
        seen.push(event.state.mark);
      },
    });
    registry.addLifecycles<{ mark: string }>(CAMPUS, {
      async afterCreate(event) {
        seen.push(event.state.mark);
      },
    });
    const service = new EntityService(registry, app.db);
    await service.create(CAMPUS, { data: { name: 'Campus con dos ganchos' } }, {}, SYSTEM);
    expect(seen).toEqual(['primera', undefined]);
  });

  it('hooks attached to one registry never reach another one', async () => {
    const calls: string[] = [];
    serviceWith({
      async beforeCreate() {
        calls.push('hook');
      },
    });
    const other = new EntityService(createRegistry(), app.db);
    await other.create(CAMPUS, { data: { name: 'Campus sin ganchos' } }, {}, SYSTEM);
    expect(calls).toEqual([]);
  });
});

describe('what a create publishes, as its type declares (no hook involved)', () => {
  const plain = () => new EntityService(createRegistry(), app.db);
  const publishedAtOf = async (table: 'projects' | 'resources', id: number) => {
    const rows = await executeRows(
      app.db,
      sql`SELECT "published_at" FROM ${sql.identifier(table)} WHERE "id" = ${id}`,
    );
    return rows[0]?.published_at ?? null;
  };

  it('a resource is published when the create does not say otherwise, as Strapi v4 does', async () => {
    const created = await plain().create(
      'api::resource.resource',
      { data: { title: 'Recurso publicado al crearlo' } },
      {},
      SYSTEM,
    );
    expect(await publishedAtOf('resources', created.data!.id)).not.toBeNull();
  });

  it('a project is a draft until something publishes it (draftAndPublish: {publishOnCreate: false})', async () => {
    const created = await plain().create(
      'api::project.project',
      { data: { title: 'Proyecto sin publicar', type: 'Impacto social', status: 'Pendiente' } },
      {},
      SYSTEM,
    );
    expect(await publishedAtOf('projects', created.data!.id)).toBeNull();
  });
});
