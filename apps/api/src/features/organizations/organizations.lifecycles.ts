import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coordinators } from '../../db/schema';
import { refusal } from '../../lib/errors';
import { SYSTEM, type Actor } from '../../lib/strapi/actor';
import type { Transaction } from '../../db/handles';
import { permissionsFor } from '../site/site.service';

export const ORGANIZATION_UID = 'api::organization.organization';
/** The coordinator who creates their organisation, linked to it after the insert. */
interface CreatorState {
  coordinatorId: number;
}

const SWITCH_OFF = {
  create: 'La creación de organizaciones no está activada para tu perfil',
  update: 'La edición de organizaciones no está activada para tu perfil',
} as const;

/** 403 unless the coordinator's organizations switch allows this write (spec §3 Permissions). */
async function requireSwitch(
  tx: Transaction,
  actor: Actor,
  action: keyof typeof SWITCH_OFF,
): Promise<void> {
  const { organizations } = await permissionsFor(tx, actor);
  if (!organizations.enabled || !organizations[action]) {
    throw refusal('FORBIDDEN', SWITCH_OFF[action]);
  }
}

/**
 * A coordinator without an organisation creates theirs (spec §2 /organizations/create) and is
 * linked to it in the same transaction (ADR 0024); editing it later follows their update switch.
 * Admins create organisations for others ("Empresas") without linking anyone.
 */
export function registerOrganizationLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles<CreatorState>(ORGANIZATION_UID, {
    async beforeCreate({ tx, actor, state }) {
      if (actor === SYSTEM || actor.kind !== 'user' || actor.role !== 'coordinator') return;
      await requireSwitch(tx, actor, 'create');
      // Locked until the commit: two creations at once by the same coordinator make one.
      const [coordinator] = await tx
        .select({ id: coordinators.id, organizationId: coordinators.organizationId })
        .from(coordinators)
        .where(eq(coordinators.userId, actor.userId))
        .limit(1)
        .for('update');
      if (!coordinator) {
        throw refusal(
          'VALIDATION',
          'Completa tu perfil de coordinador para crear una organización',
        );
      }
      if (coordinator.organizationId !== null) {
        throw refusal('VALIDATION', 'Ya perteneces a una organización');
      }
      state.coordinatorId = coordinator.id;
    },

    // Spec §3 Permissions: organizations.update is the coordinators' switch for editing their
    // organisation (/organizations/editar, ADR 0033); who may edit which one is the access
    // policy's (their own only). Admins are not bound by the coordinators' switch.
    async beforeUpdate({ tx, actor }) {
      if (actor === SYSTEM || actor.kind !== 'user' || actor.role !== 'coordinator') return;
      await requireSwitch(tx, actor, 'update');
    },

    async afterCreate({ tx, id, state }) {
      const { coordinatorId } = state;
      if (coordinatorId === undefined) return;
      const linked = await tx
        .update(coordinators)
        .set({ organizationId: id, updatedAt: sql`now()` })
        .where(and(eq(coordinators.id, coordinatorId), isNull(coordinators.organizationId)))
        .returning({ id: coordinators.id });
      if (linked.length === 0) throw refusal('VALIDATION', 'Ya perteneces a una organización');
    },
  });
}
