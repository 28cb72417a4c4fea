import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletionPreviewSchema,
  idParamsSchema,
  ownAccountDeletionSchema,
} from '@plataforma/shared';
import { createStorage } from '../../lib/storage';
import { limitAttempt } from '../auth/auth.rate-limits';
import { onlyRoles, signedIn } from '../../lib/route-guards';
import { routeSchema, type RouteDoc } from '../../lib/route-schema';
import type { Actor } from '../../lib/strapi/actor';
import { deleteAccount, deletionPreview } from './account-deletion.service';
import { personalDataArchive } from './personal-data.export';

const doc = (summary: string, more: Omit<RouteDoc, 'tag' | 'summary'>): RouteDoc => ({
  tag: 'users',
  summary,
  access: 'bearer',
  ...more,
});

const ARCHIVE_DESCRIPTION =
  'A ZIP archive (application/zip), as an attachment `mis-datos-<id>-<día>.zip`: `LEEME.txt` (what each part is, in Spanish), `datos.json` (account without the password hash or tokens, profile, consents, applications, saved projects/works/resources, questionnaire answers, communication-centre entries, emails, final works, projects, announcements written, admins’ reads of their DNI or disability, the list of files) and `archivos/<id>-<name>` (their files, read from storage). Streamed.';

const PREVIEW_DESCRIPTION =
  'What deleting the account removes (`deleted`) and keeps without anything that says who they were (`anonymised`), each kind with its count and a Spanish label; kinds with nothing are left out.';

const archive = z.string().meta({ description: 'The ZIP archive (application/zip)' });

/**
 * The person's data (ADR 0054): download everything as one archive, see what deleting the
 * account does, delete it. The same for an admin acting for a person who asked by other means.
 */
export async function privacyRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const storage = createStorage(app.config);
  app.addHook('onClose', async () => storage.close?.());

  const sendArchive = async (reply: FastifyReply, actor: Actor, target: number | 'me') => {
    const { filename, stream } = await personalDataArchive(
      { db: app.db, storage, log: app.log },
      actor,
      target,
    );
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(filename, { type: 'attachment' }))
      .header('cache-control', 'no-store')
      .send(stream);
  };

  app.get(
    '/api/users/me/export',
    {
      preValidation: signedIn,
      schema: routeSchema(
        doc('Everything the platform holds about the caller, as one archive', {
          description: ARCHIVE_DESCRIPTION,
          errors: [401],
        }),
        { response: { 200: archive } },
      ),
    },
    (request, reply) => sendArchive(reply, request.actor, 'me'),
  );

  app.get(
    '/api/users/:id/export',
    {
      preValidation: onlyRoles(['admin']),
      schema: routeSchema(
        doc('Everything the platform holds about a user, as one archive (admins)', {
          description: `Admins only (403 otherwise). ${ARCHIVE_DESCRIPTION}`,
          errors: [400, 401, 403, 404],
        }),
        { params: idParamsSchema, response: { 200: archive } },
      ),
    },
    (request, reply) => sendArchive(reply, request.actor, request.params.id),
  );

  app.get(
    '/api/users/me/deletion-preview',
    {
      preValidation: signedIn,
      schema: routeSchema(
        doc('What deleting the own account removes and keeps anonymised', {
          description: PREVIEW_DESCRIPTION,
          errors: [401],
        }),
        { response: { 200: deletionPreviewSchema } },
      ),
    },
    (request) => deletionPreview(app, request.actor, 'me'),
  );

  app.get(
    '/api/users/:id/deletion-preview',
    {
      preValidation: onlyRoles(['admin']),
      schema: routeSchema(
        doc('What deleting a user’s account removes and keeps anonymised (admins)', {
          description: `Admins only (403 otherwise). ${PREVIEW_DESCRIPTION}`,
          errors: [400, 401, 403, 404],
        }),
        { params: idParamsSchema, response: { 200: deletionPreviewSchema } },
      ),
    },
    (request) => deletionPreview(app, request.actor, request.params.id),
  );

  app.delete(
    '/api/users/me',
    {
      preValidation: signedIn,
      schema: routeSchema(
        doc('Delete the own account, confirmed with the current password', {
          description:
            'In one transaction: deletes what was only theirs, anonymises what others rely on (applications keep their status; published final works are signed «Autor anónimo»; projects stay without a responsible person), then the account; their tokens stop working. 400 with a Spanish message for a wrong password or an account without one; 403 for an admin (another admin deletes them); 429 past 10 attempts a minute or 30 an hour for the account, as the sign-in. Answers 204.',
          errors: [400, 401, 403, 429],
        }),
        { body: ownAccountDeletionSchema, response: { 204: z.null() } },
      ),
    },
    async (request, reply) => {
      const actor = request.actor;
      await limitAttempt(
        app,
        request,
        'deleteAccount',
        actor.kind === 'user' ? `user:${actor.userId}` : undefined,
      );
      await deleteAccount(app, actor, 'me', request.body);
      return reply.status(204).send(null);
    },
  );
}
