import { and, count, eq, getTableName } from 'drizzle-orm';
import { communicationCenters } from '../../db/schema';
import type { Actor } from '../../lib/strapi/actor';
import type { AppContext } from '../../context';
import { communicationCenterType } from './communications.content-types';

/** Where a write is announced so that cached answers that read the table are dropped at once. */
export interface ReadAllContext extends Pick<AppContext, 'db' | 'entities'> {
  readonly responseCache?: { invalidate(table: string): void };
}

/**
 * "Marcar todas como leídas" (ADR 0044): every unread entry the caller may see becomes read, in
 * one UPDATE. Which entries are the caller's is the access table's own scope of the type (a
 * student's own, spec §4 Notification), not a filter from the request, so no query string can
 * widen it. Answers how many changed.
 */
export async function markAllCommunicationsRead(
  ctx: ReadAllContext,
  actor: Actor,
): Promise<{ updated: number }> {
  const table = getTableName(communicationCenters);
  const rows = await ctx.db
    .update(communicationCenters)
    .set({ isRead: true, updatedAt: new Date() })
    .where(
      and(
        eq(communicationCenters.isRead, false),
        ctx.entities.where(communicationCenterType.uid, actor, table, { visible: 'preview' }),
      ),
    )
    .returning({ id: communicationCenters.id });
  // The change triggers tell the other processes; this one drops its answers at once, so the
  // list read right after the call already shows the entries read.
  if (rows.length > 0) ctx.responseCache?.invalidate(table);
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
