import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coordinators } from '../../db/schema';
import { refusal } from '../../lib/errors';
import { SYSTEM } from '../../lib/strapi/actor';
import { permissionsFor } from '../site/site.service';

export const ORGANIZATION_UID = 'api::organization.organization';
/** The coordinator who creates their organisation, linked to it after the insert. */
interface CreatorState {
  coordinatorId: number;
}

/**
 * A coordinator without an organisation creates theirs (spec §2 /organizations/create) and is
 * linked to it in the same transaction (ADR 0024). Admins create organisations for others
 * ("Empresas") without linking anyone.
 */
export function registerOrganizationLifecycles(app: FastifyInstance) {
  app.entities.registry.addLifecycles<CreatorState>(ORGANIZATION_UID, {
    async beforeCreate({ tx, actor, state }) {
      if (actor === SYSTEM || actor.kind !== 'user' || actor.role !== 'coordinator') return;
      const permissions = await permissionsFor(tx, actor);
      if (!permissions.organizations.enabled || !permissions.organizations.create) {
        throw refusal('FORBIDDEN', 'La creación de organizaciones no está activada para tu perfil');
      }
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
