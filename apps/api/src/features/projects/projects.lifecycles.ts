import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PROJECT_CREATE_STATUSES,
  VALIDATED_STATUSES,
  allowedTransitions,
  ownProjectsPath,
  type ProjectStatus,
} from '@plataforma/shared';
import { applys, coordinators, projects, teachers } from '../../db/schema';
import { AppError, forbidden, refusal } from '../../lib/errors';
import { isAdmin, SYSTEM, type Actor } from '../../lib/strapi/actor';
import type { RelationChange } from '../../lib/strapi/input';
import type { LifecycleEvent } from '../../lib/strapi/types';
import type { Transaction } from '../../db/handles';
import { loadRenderContext, queueEmail, recipientSchema } from '../../lib/mail/outbox';
import { permissionsFor } from '../site/site.service';
import { publishersToNotify } from './projects.people';
import { requireVerifiedTeacher } from '../profiles/teacher-verification.service';

/**
 * The project workflow (ADR 0024), attached to every write of `api::project.project` whatever
 * route makes it: who creates with which status, the transitions each role may make, publishedAt
 * and `validated` following the status, the rejection reason, the confirmProject email to the
 * publisher when an admin decides, and when a publisher may delete.
 */

export const PROJECT_UID = 'api::project.project';

/** Owners: filled in by the server on creation, changed by admins only. */
const OWNER_RELATIONS = ['teacher', 'coordinator', 'organization'] as const;
/** Relations a publisher never writes: applications, and the progress record of a selection. */
const SERVER_RELATIONS = ['applys', 'progress'] as const;

interface ProjectRow {
  id: number;
  title: string;
  status: ProjectStatus;
  teacherId: number | null;
  coordinatorId: number | null;
  organizationId: number | null;
  rejectionReason: string | null;
}

/** Owner ids the hook fills in on create (state shared with afterCreate). */
interface Owner {
  teacherId: number | null;
  coordinatorId: number | null;
  organizationId: number | null;
}

/**
 * The id a to-one relation holds after a write (`data` carries relations as the engine's
 * `{set?, connect?, disconnect?}` changes), given the id it held before.
 */
function relationAfter(value: unknown, current: number | null): number | null {
  const change = (value ?? {}) as RelationChange;
  if (change.set) return change.set[0] ?? null;
  if (change.connect?.length) return change.connect[0] ?? null;
  if (current !== null && change.disconnect?.includes(current)) return null;
  return current;
}

async function readProject(tx: Transaction, id: number): Promise<ProjectRow> {
  const [row] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      teacherId: projects.teacherId,
      coordinatorId: projects.coordinatorId,
      organizationId: projects.organizationId,
      rejectionReason: projects.rejection_reason,
    })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Not Found');
  return row;
}

/** 403 unless the actor's role has the projects.create switch on (spec §3 Permissions). */
async function requireCreateSwitch(tx: Transaction, actor: Actor) {
  const permissions = await permissionsFor(tx, actor);
  if (!permissions.projects.enabled || !permissions.projects.create) {
    throw refusal('FORBIDDEN', 'La publicación de proyectos no está activada para tu perfil');
  }
}

/** Who owns a new project of a teacher or coordinator (400 when they cannot publish yet). */
async function ownerOf(tx: Transaction, actor: Actor & { kind: 'user' }): Promise<Owner> {
  if (actor.role === 'teacher') {
    const [teacher] = await tx
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.userId, actor.userId))
      .limit(1);
    if (!teacher) {
      throw refusal('VALIDATION', 'Completa tu perfil de docente para publicar proyectos');
    }
    // Only a verified teacher publishes (ADR 0051): 403 with why, pending or rejected.
    await requireVerifiedTeacher(tx, actor.userId);
    return { teacherId: teacher.id, coordinatorId: null, organizationId: null };
  }
  const [coordinator] = await tx
    .select({ id: coordinators.id, organizationId: coordinators.organizationId })
    .from(coordinators)
    .where(eq(coordinators.userId, actor.userId))
    .limit(1);
  if (!coordinator?.organizationId) {
    throw refusal('VALIDATION', 'Necesitas una organización para publicar proyectos');
  }
  return {
    teacherId: null,
    coordinatorId: coordinator.id,
    organizationId: coordinator.organizationId,
  };
}

/**
 * A publisher names no owner but themself: the server fills the owner in. Naming someone else
 * (another teacher, another organisation) is publishing for them: 403.
 */
function checkNamedOwners(data: Record<string, unknown>, owner: Owner) {
  const named: [string, number | null][] = [
    ['teacher', owner.teacherId],
    ['coordinator', owner.coordinatorId],
    ['organization', owner.organizationId],
  ];
  for (const [key, own] of named) {
    if (!(key in data)) continue;
    const value = relationAfter(data[key], null);
    if (value !== null && value !== own) throw forbidden();
  }
  if (SERVER_RELATIONS.some((key) => key in data)) throw forbidden();
}

function requireReason(data: Record<string, unknown>) {
  const reason = data.rejection_reason;
  if (typeof reason !== 'string' || reason.trim() === '') {
    throw refusal('VALIDATION', 'Indica el motivo del rechazo');
  }
}

/**
 * Writes, with the project itself, what follows from the status it is left in: Publicada ⇔
 * publishedAt set (kept when it was already published); validated from Validada on; a reason
 * only while Rechazada. `before` is the project before an update (none on create).
 */
function followStatus(
  event: LifecycleEvent<ProjectState>,
  status: ProjectStatus,
  before?: Pick<ProjectRow, 'status'>,
) {
  if (status !== 'Publicada') event.set('publishedAt', null);
  else if (before?.status !== 'Publicada' && !event.data.publishedAt) {
    event.set('publishedAt', new Date().toISOString());
  }
  event.set('validated', VALIDATED_STATUSES.includes(status));
  if (status !== 'Rechazada') event.set('rejection_reason', null);
}

/**
 * A given publishedAt must agree with the status the write leaves (publishing is a status
 * change, ADR 0024): a date without Publicada, or null with it, is refused.
 */
function checkPublishedAt(data: Record<string, unknown>, status: ProjectStatus) {
  if (!('publishedAt' in data)) return;
  const published = data.publishedAt !== null && data.publishedAt !== undefined;
  if (published !== (status === 'Publicada')) {
    throw refusal(
      'VALIDATION',
      'La fecha de publicación sigue al estado: publica o retira el proyecto cambiando su estado',
    );
  }
}

/** The longest free text an email carries (templates.ts `paragraph`). */
const MAX_EMAIL_PARAGRAPH = 5000;
/** Values that reach an email's subject or greeting carry no line breaks (templates.ts `line`). */
const oneLine = (value: string) =>
  value
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 500);

/** Who is told about an admin's decision, but for an address the outbox would refuse. */
async function publishersOf(tx: Transaction, project: ProjectRow) {
  // An address the outbox would refuse must not undo the admin's decision: it is skipped.
  const people = await publishersToNotify(tx, project);
  return people.filter((person) => recipientSchema.safeParse(person.email).success);
}

/** What the workflow's hooks of one write remember between before and after. */
interface ProjectState {
  before: ProjectRow;
}

/** Attaches the project workflow to the app's entity service (called once in app.ts). */
export function registerProjectLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles<ProjectState>(PROJECT_UID, {
    async beforeCreate(event) {
      const { tx, actor, data } = event;
      if (actor === SYSTEM) return;
      const status = (data.status ?? 'Pendiente') as ProjectStatus;
      if (actor.kind !== 'user' || isAdmin(actor)) {
        if (status === 'Rechazada') requireReason(data);
        checkPublishedAt(data, status);
        followStatus(event, status);
        return;
      }
      await requireCreateSwitch(tx, actor);
      if (!PROJECT_CREATE_STATUSES.includes(status)) {
        throw refusal(
          'VALIDATION',
          'Un proyecto nuevo se guarda como «Pendiente» o se envía «Por validar»',
        );
      }
      const owner = await ownerOf(tx, actor);
      checkNamedOwners(data, owner);
      // A publisher's project: theirs, a draft or under review, never validated or published.
      event.set('teacher', owner.teacherId);
      event.set('coordinator', owner.coordinatorId);
      event.set('organization', owner.organizationId);
      followStatus(event, status);
    },

    async beforeUpdate(event) {
      const { tx, actor, id, data, state } = event;
      if (actor === SYSTEM) return;
      const before = await readProject(tx, id);
      state.before = before;
      const admin = isAdmin(actor);
      if (!admin) {
        // Owners never change hands outside an admin's desk.
        if (SERVER_RELATIONS.some((key) => key in data)) throw forbidden();
        for (const key of OWNER_RELATIONS) {
          if (!(key in data)) continue;
          const current = {
            teacher: before.teacherId,
            coordinator: before.coordinatorId,
            organization: before.organizationId,
          }[key];
          if (relationAfter(data[key], current) !== current) throw forbidden();
        }
      }
      const to = (data.status ?? before.status) as ProjectStatus;
      if (to !== before.status) {
        const allowed = allowedTransitions(before.status, admin ? 'admin' : 'publisher');
        if (!allowed.includes(to)) {
          throw refusal(
            'VALIDATION',
            `No se puede pasar un proyecto de «${before.status}» a «${to}»`,
          );
        }
        if (to === 'Rechazada') requireReason(data);
        // Sending to review is asking to publish: a teacher must be verified (ADR 0051).
        if (to === 'Por validar' && actor.kind === 'user' && actor.role === 'teacher') {
          await requireVerifiedTeacher(tx, actor.userId);
        }
      }
      checkPublishedAt(data, to);
      followStatus(event, to, before);
    },

    async afterUpdate(event) {
      const { tx, actor, id, state } = event;
      const before = state.before;
      if (actor === SYSTEM || !before) return;
      const after = await readProject(tx, id);
      if (after.status === before.status || !isAdmin(actor)) return;
      // An admin's decision is told to the publisher (spec §7 confirmProject).
      const recipients = await publishersOf(tx, after);
      if (recipients.length === 0) return;
      const context = await loadRenderContext(tx, app.config);
      for (const recipient of recipients) {
        const name = oneLine(recipient.name ?? '');
        await queueEmail(
          tx,
          recipient.email,
          'confirmProject',
          {
            ...(name ? { name } : {}),
            projectName: oneLine(after.title),
            status: after.status,
            ...(after.status === 'Rechazada' && after.rejectionReason
              ? { reason: after.rejectionReason.slice(0, MAX_EMAIL_PARAGRAPH) }
              : {}),
            link: `${context.publicUrl}${ownProjectsPath(recipient.profileType)}`,
          },
          context,
        );
      }
      event.afterCommit(() => app.emailSender.wake());
    },

    async beforeDelete({ tx, actor, id }) {
      if (actor === SYSTEM || (actor.kind === 'user' && isAdmin(actor))) return;
      const [candidate] = await tx
        .select({ id: applys.id })
        .from(applys)
        .where(eq(applys.projectId, id))
        .limit(1);
      if (candidate) {
        throw refusal(
          'VALIDATION',
          'Este proyecto tiene candidaturas: retíralo en lugar de borrarlo',
        );
      }
    },
  });
}
