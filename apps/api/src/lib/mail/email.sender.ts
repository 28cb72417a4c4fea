import { and, asc, eq, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { listenOnChannel } from '../../db/listen';
import { emailOutbox } from '../../db/schema';
import { EMAIL_QUEUED_CHANNEL, outboxHtml, outboxText } from './outbox';

/** Rows claimed per round. */
const BATCH_SIZE = 10;
/** Fallback poll: due retries, and queued emails whose notification was missed. */
const POLL_MS = 5_000;
/** First retry after 30 s, doubling, never more than an hour apart. */
const BACKOFF_BASE_S = 30;
const BACKOFF_MAX_S = 3_600;
/** 12 attempts span about five hours (30 s + 1 min + ... + 1 h × 4) before the email is `failed`. */
export const MAX_ATTEMPTS = 12;
/**
 * A claimed row is "in flight" for this long: its next attempt is pushed this far ahead, so no
 * other sender takes it; if this process dies mid-send, another one retries it afterwards. Far
 * longer than a send can last with the SMTP timeouts below.
 */
export const LEASE_SECONDS = 600;
const LEASE = sql.raw(`interval '${LEASE_SECONDS} seconds'`);
/** Time given to sends in flight when the app closes before their connections are cut. */
const STOP_GRACE_MS = 5_000;

/** True for a row a sender holds right now (its lease has not run out). */
export const IN_FLIGHT = sql`(${emailOutbox.status} = 'pending' AND ${emailOutbox.lockedUntil} IS NOT NULL AND ${emailOutbox.lockedUntil} > now())`;

/** Seconds to wait after the n-th failed attempt (n ≥ 1). */
export function backoffSeconds(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(BACKOFF_BASE_S * 2 ** Math.min(exponent, 20), BACKOFF_MAX_S);
}

interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

/**
 * RFC 5321: a 5yz reply to a recipient or to the message (no such mailbox, message rejected) is a
 * permanent refusal of this email; retrying it for hours only repeats it. Everything else is
 * retried: 4yz replies, connection and authentication problems, and a refused sender (MAIL FROM),
 * which is a configuration problem of every email, not of this one.
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = (error ?? {}) as SmtpFailure;
  return (
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') &&
    (e.command === 'RCPT TO' || e.command === 'DATA') &&
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600
  );
}

function describeFailure(error: unknown): string {
  const e = (error ?? {}) as SmtpFailure;
  const parts = [
    typeof e.code === 'string' ? e.code : undefined,
    typeof e.responseCode === 'number' ? String(e.responseCode) : undefined,
    typeof e.message === 'string' ? e.message : String(error),
  ].filter(Boolean);
  return parts.join(' ').slice(0, 1_000);
}

/** What the plugin and other features see of the sender. */
export interface EmailSender {
  /** False without SMTP_URL: emails then stay `pending` in the outbox. */
  readonly enabled: boolean;
  /** Look for due emails soon (after a commit that queued one). Never throws. */
  wake(): void;
  /** Delivers every email due now and resolves when none is left (tests, admin tools). */
  flush(): Promise<void>;
  /** Stops polling; sends in flight finish (or are cut after a grace period and retried later). */
  stop(): Promise<void>;
}

/** The sender of a process without SMTP_URL. */
export const DISABLED_SENDER: EmailSender = {
  enabled: false,
  wake: () => undefined,
  flush: async () => undefined,
  stop: async () => undefined,
};

/** A row leased for sending, with its body (its own or its announcement's: `outboxHtml`). */
type Claimed = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'recipient' | 'subject' | 'attempts' | 'createdAt'
> & { html: string; text: string };

export interface OutboxSenderOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * Delivers the outbox (issue 3 Email, ADR 0009). Every API process runs one: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and leased, so two processes never send the same email, and an SMTP
 * server that fails or hangs only delays delivery: the row stays, with its error and its next
 * attempt. Woken by NOTIFY when an email is committed, and by a poll.
 */
export class OutboxSender implements EmailSender {
  readonly enabled = true;
  private readonly transport: ReturnType<typeof createTransport>;
  private readonly db: Database;
  private readonly from: string;
  private readonly log: FastifyBaseLogger;
  private readonly messageDomain: string;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: OutboxSenderOptions) {
    this.db = options.db;
    this.from = options.from;
    this.log = options.log;
    this.transport = createTransport(options.smtpUrl);
    this.messageDomain = /@([^\s>]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost';
  }

  /** Starts polling and listening; the first round runs at once. */
  async start(): Promise<void> {
    this.timer = setInterval(() => this.wake(), POLL_MS);
    // A process must be able to exit with the poll scheduled (close() still stops it cleanly).
    this.timer.unref();
    try {
      this.unlisten = await listenOnChannel(
        this.db,
        EMAIL_QUEUED_CHANNEL,
        () => this.wake(),
        (error) => this.log.warn({ err: error }, 'email notifications lost; polling only'),
      );
    } catch (error) {
      this.log.warn({ err: error }, 'cannot listen for queued emails; polling only');
    }
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'email delivery round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  async flush(): Promise<void> {
    await this.idle();
    this.wake();
    await this.idle();
  }

  /** Resolves when no round runs (a round may chain another one when woken meanwhile). */
  private async idle(): Promise<void> {
    for (let round = this.running; round; round = this.running) await round;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    const inFlight = this.running;
    if (inFlight) {
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        inFlight,
        new Promise<void>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(grace);
    }
    // Cuts connections still open; a send cut this way is recorded as a failure and retried.
    this.transport.close();
    await inFlight;
  }

  /** Claims and sends batches until nothing is due or the sender stops. */
  private async deliverDue(): Promise<void> {
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      const results = await Promise.allSettled(batch.map((row) => this.deliver(row)));
      for (const result of results) {
        // The database refused to record an outcome: the lease runs out and the row is retried.
        if (result.status === 'rejected') {
          this.log.error({ err: result.reason }, 'could not record an email delivery');
        }
      }
    }
  }

  /**
   * Leases up to BATCH_SIZE due rows in one statement. SKIP LOCKED lets concurrent senders pass
   * over rows another one is claiming instead of waiting for them; the lease keeps them away
   * once the claim commits.
   */
  private async claim(): Promise<Claimed[]> {
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return this.db
      .update(emailOutbox)
      .set({
        nextAttemptAt: sql`now() + ${LEASE}`,
        lockedUntil: sql`now() + ${LEASE}`,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'pending')))
      .returning({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        subject: emailOutbox.subject,
        html: outboxHtml,
        text: outboxText,
        attempts: emailOutbox.attempts,
        createdAt: emailOutbox.createdAt,
      });
  }

  private async deliver(row: Claimed): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // Stable per row: a copy sent twice (a process died after the server took it) can be
        // recognised as the same message.
        messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${this.messageDomain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    await this.db
      .update(emailOutbox)
      .set({
        status: 'sent',
        lockedUntil: null,
        sentAt: sql`now()`,
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending')));
  }

  /**
   * Counts the attempt and schedules the next one from the row's current count (decided in SQL, so
   * it holds whatever the row went through meanwhile): back-off, or `failed` when the refusal is
   * permanent or the attempts are spent.
   */
  private async recordFailure(row: Claimed, error: unknown): Promise<void> {
    const permanent = isPermanentFailure(error);
    const givesUp = sql`(${permanent} OR ${emailOutbox.attempts} + 1 >= ${MAX_ATTEMPTS})`;
    this.log.warn(
      { emailId: row.id, attempts: row.attempts + 1, permanent, err: error },
      'email delivery failed',
    );
    await this.db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: describeFailure(error),
        status: sql`CASE WHEN ${givesUp} THEN 'failed' ELSE 'pending' END`,
        lockedUntil: null,
        nextAttemptAt: sql`CASE WHEN ${givesUp} THEN now() ELSE now() + ${backoffInterval(emailOutbox.attempts)} END`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending')));
  }
}

/** backoffSeconds in SQL, for a row that has failed `previous` times before this failure. */
function backoffInterval(previous: SQL | AnyColumn): SQL {
  return sql`make_interval(secs => least(${BACKOFF_BASE_S} * power(2, least(${previous}, 20)), ${BACKOFF_MAX_S}))`;
}

/**
 * A pooled SMTP transport with bounded waits, so a silent server cannot hold a send (and the
 * app's close) for long. Messages carry only our own HTML and text: file and URL access is off.
 */
function createTransport(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
