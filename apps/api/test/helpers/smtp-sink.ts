import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/** An email as the SMTP server received it, parsed. */
export interface ReceivedEmail {
  /** RCPT TO of the envelope. */
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/**
 * How the sink answers. `accept` takes every message; `tempfail` refuses recipients with 451 (try
 * later); `permfail` with 550 (no such mailbox); `slow` accepts after `slowMs`.
 */
export type SinkMode = 'accept' | 'tempfail' | 'permfail' | 'slow';

/**
 * An SMTP server in this process on a free port (smtp-server), recording what it is sent, for
 * tests of real delivery. No TLS, no authentication.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  mode: SinkMode = 'accept';
  /** Addresses answered 550 (no such mailbox) whatever the mode: a bounce in a journey. */
  readonly refused = new Set<string>();
  slowMs = 300;
  /** Messages whose DATA started and has not been answered yet. */
  inProgress = 0;
  /** Recipients of the messages in progress (lower case). */
  readonly inProgressTo = new Set<string>();

  private readonly server: SMTPServer;
  port = 0;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refused.has(address.address.toLowerCase())) {
          const error: SMTPServerError = new Error('No such mailbox');
          error.responseCode = 550;
          callback(error);
          return;
        }
        if (this.mode === 'tempfail' || this.mode === 'permfail') {
          const error: SMTPServerError = new Error(
            this.mode === 'tempfail' ? 'Mailbox busy, try again later' : 'No such mailbox',
          );
          error.responseCode = this.mode === 'tempfail' ? 451 : 550;
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        this.inProgress += 1;
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        for (const each of recipients) this.inProgressTo.add(each);
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          void (async () => {
            const parsed = await PostalMime.parse(Buffer.concat(chunks));
            if (this.mode === 'slow') await new Promise((r) => setTimeout(r, this.slowMs));
            this.received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: parsed.from?.address ?? '',
              to: (parsed.to ?? []).map((a) => a.address ?? ''),
              subject: parsed.subject ?? '',
              html: parsed.html ?? '',
              text: parsed.text ?? '',
              messageId: parsed.messageId ?? '',
              headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
            });
            this.inProgress -= 1;
            for (const each of recipients) this.inProgressTo.delete(each);
            callback();
          })();
        });
      },
    });
  }

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await new Promise<void>((resolve, reject) => {
      sink.server.once('error', reject);
      sink.server.listen(0, '127.0.0.1', () => resolve());
    });
    sink.port = (sink.server.server.address() as AddressInfo).port;
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages whose envelope went to this address. */
  to(address: string): ReceivedEmail[] {
    const wanted = address.toLowerCase();
    return this.received.filter((m) => m.envelopeTo.some((a) => a.toLowerCase() === wanted));
  }

  /** Waits until `count` messages went to the address (or fails after `timeoutMs`). */
  async waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedEmail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} email(s) to ${address}, got ${this.to(address).length}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.to(address);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A port nothing listens on (taken and released at once). */
export async function closedPort(): Promise<number> {
  const sink = await SmtpSink.start();
  const port = sink.port;
  await sink.close();
  return port;
}
