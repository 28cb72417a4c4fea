import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import { ident } from '../../lib/strapi/compile';
import { rowsOf } from '../../lib/strapi/read';
import type { Registry } from '../../lib/strapi/registry';
import type { ContentType, RelationAttribute } from '../../lib/strapi/types';
import type { FileRow } from './upload.presenter';

/** A media attribute of a content type: a place where an entry points at a file. */
interface MediaReference {
  type: ContentType;
  attribute: RelationAttribute & { fk: { column: string } };
}

const referencesByRegistry = new WeakMap<Registry, MediaReference[]>();

/** Every media attribute of the registry (students.CV, applys.CV, tfxes.file, logos...). */
function mediaReferences(registry: Registry): MediaReference[] {
  let references = referencesByRegistry.get(registry);
  if (!references) {
    references = [];
    for (const type of registry.all()) {
      for (const attribute of type.attributes.values()) {
        // A private attribute cannot be named in a query, nor is it ever shown to anyone.
        if (attribute.kind !== 'relation' || !attribute.media || attribute.visibility === 'private')
          continue;
        if (attribute.fk) references.push({ type, attribute: { ...attribute, fk: attribute.fk } });
      }
    }
    referencesByRegistry.set(registry, references);
  }
  return references;
}

/** Uploader or admin: who may see, list and delete a file whatever points at it. */
export function isOwnerOrAdmin(actor: Actor, file: Pick<FileRow, 'uploadedById'>): boolean {
  return isAdmin(actor) || (actor.kind === 'user' && file.uploadedById === actor.userId);
}

/**
 * Whether the actor may read an entry that points at the file (a student's CV, an application's
 * CV, a TFX's document...). The entries' own policies decide, through the engine: whoever may
 * read the application may read its CV, and nobody else learns the CV exists.
 */
export async function isReadableThroughAnEntry(
  app: FastifyInstance,
  actor: Actor,
  fileId: number,
): Promise<boolean> {
  const references = mediaReferences(app.entities.registry);
  if (references.length === 0) return false;
  // One statement finds where the file is used; the policies are asked only about those places.
  const used = await rowsOf(
    app.db,
    sql.join(
      references.map(
        ({ type, attribute }, index) =>
          sql`SELECT ${index}::int AS "id" WHERE EXISTS (SELECT 1 FROM ${ident(type.table)} WHERE ${ident(attribute.fk.column)} = ${fileId})`,
      ),
      sql` UNION ALL `,
    ),
  );
  for (const { id } of used) {
    const reference = references[id];
    if (!reference) continue;
    try {
      const answer = await app.entities.find(
        reference.type.uid,
        {
          filters: { [reference.attribute.name]: { id: { $eq: String(fileId) } } },
          // Drafts too, where the reader's policy shows them drafts.
          publicationState: 'preview',
          pagination: { page: '1', pageSize: '1', withCount: 'false' },
        },
        actor,
      );
      if (answer.data.length > 0) return true;
    } catch (error) {
      // FORBIDDEN: the actor may read no entry of this type at all. VALIDATION: the field is not
      // one the actor may filter by (a protected media field): then it is not theirs to see.
      if (error instanceof AppError && (error.code === 'FORBIDDEN' || error.code === 'VALIDATION'))
        continue;
      throw error;
    }
  }
  return false;
}

/** Who may see a file's details and, when private, its content. */
export async function maySeeFile(
  app: FastifyInstance,
  actor: Actor,
  file: Pick<FileRow, 'id' | 'uploadedById'>,
): Promise<boolean> {
  return isOwnerOrAdmin(actor, file) || isReadableThroughAnEntry(app, actor, file.id);
}
