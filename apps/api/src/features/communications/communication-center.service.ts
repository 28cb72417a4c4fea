import { and, count, eq, getTableName } from 'drizzle-orm';
import { communicationCenters } from '../../db/schema';
import type { Actor } from '../../lib/strapi/actor';
import type { AppContext } from '../../context';
import { communicationCenterType } from './communications.content-types';

/**
 * "Marcar todas como leídas" (ADR 0044): every unread entry the caller may see becomes read, in
 * one UPDATE. Which entries are the caller's is the access table's own scope of the type (a
 * student's own, spec §4 Notification), not a filter from the request, so no query string can
 * widen it. Answers how many changed.
 */
export async function markAllCommunicationsRead(
  ctx: Pick<AppContext, 'entities'>,
  actor: Actor,
): Promise<{ updated: number }> {
  const table = getTableName(communicationCenters);
  // Through the engine's write transaction: this process drops its cached answers at once, so
  // the list read right after the call already shows the entries read.
  const rows = await ctx.entities.writeTransaction((tx) =>
    tx
      .update(communicationCenters)
      .set({ isRead: true, updatedAt: new Date() })
      .where(
        and(
          eq(communicationCenters.isRead, false),
          ctx.entities.where(communicationCenterType.uid, actor, table, { visible: 'preview' }),
        ),
      )
      .returning({ id: communicationCenters.id }),
  );
  return { updated: rows.length };
}

/**
 * The bell's number (ADR 0044): the caller's unread entries, counted in one statement over the
 * index (student, is_read, created_at). The same access scope as the list, so it counts exactly
 * what the list would show unread.
 */
export async function countUnreadCommunications(
  ctx: Pick<AppContext, 'db' | 'entities'>,
  actor: Actor,
): Promise<{ unread: number }> {
  const table = getTableName(communicationCenters);
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(communicationCenters)
    .where(
      and(
        eq(communicationCenters.isRead, false),
        ctx.entities.where(communicationCenterType.uid, actor, table, { visible: 'preview' }),
      ),
    );
  return { unread: row?.unread ?? 0 };
}
