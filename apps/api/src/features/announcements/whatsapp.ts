import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/strapi/read';
import type { Executor } from '../../db/handles';
import { richTextToPlain } from './announcements.text';

/**
 * The WhatsApp channel of announcements (spec §3 `whatsapp` preference; ADR 0045): an extension
 * point. No provider is reachable from the platform today, so the app runs with
 * `NO_WHATSAPP_PROVIDER` and nothing is sent; the preference is stored and shown, and who would
 * get a message is decided here, by the same rule as email. A provider (a WhatsApp Business API
 * client) implements `send`; tests use a double.
 */
export interface WhatsAppChannel {
  /** Whether a provider is set up; without one nothing is sent. */
  readonly configured: boolean;
  /** Sends one text to a phone in E.164 (ADR 0034). */
  send(to: string, text: string): Promise<void>;
}

export const NO_WHATSAPP_PROVIDER: WhatsAppChannel = {
  configured: false,
  send: () => Promise.reject(new Error('No WhatsApp provider is configured')),
};

/** `(notification ->> key)` read as the opt-out rule of ADR 0031: a missing key is on. */
export const preferenceOn = (notification: SQL, key: string): SQL =>
  sql`coalesce((${notification} ->> ${key}::text)::boolean, true)`;

/**
 * The phones an announcement would reach on WhatsApp: the students it wrote to whose
 * `whatsapp` switch and whose switch of the announcement's kind are on, and who have a phone.
 */
export async function whatsAppRecipients(
  db: Executor,
  announcementId: number,
  kind: string,
): Promise<string[]> {
  const notification = sql.raw('"s"."notification"');
  const rows = await rowsOf(
    db,
    sql`SELECT DISTINCT "u"."phone" AS "phone"
        FROM "communication_centers" "c"
        JOIN "students" "s" ON "s"."id" = "c"."student_id"
        JOIN "up_users" "u" ON "u"."id" = "s"."user_id"
        WHERE "c"."announcement_id" = ${announcementId}
          AND NOT "u"."blocked" AND coalesce("u"."phone", '') <> ''
          AND ${preferenceOn(notification, 'whatsapp')} AND ${preferenceOn(notification, kind)}
        ORDER BY 1`,
  );
  return rows.map((row) => String(row.phone));
}

/**
 * Sends an announcement on WhatsApp to those who allow it, through `channel`; with no provider,
 * nothing (and nothing is read). Answers how many messages went.
 */
export async function sendAnnouncementWhatsApp(
  db: Executor,
  announcement: { id: number; kind: string; subject: string; message: string },
  channel: WhatsAppChannel,
): Promise<number> {
  if (!channel.configured) return 0;
  const phones = await whatsAppRecipients(db, announcement.id, announcement.kind);
  const text = `${announcement.subject}\n\n${richTextToPlain(announcement.message)}`;
  for (const phone of phones) await channel.send(phone, text);
  return phones.length;
}
