import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcements, brandingSaas, emailOutbox } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import {
  buildMailingApp,
  makeDue,
  outboxTo,
  postponePendingEmails,
  scheduledDelaySeconds,
  uniqueEmail,
} from '../../../test/helpers/email';
import { closedPort, SmtpSink } from '../../../test/helpers/smtp-sink';
import { backoffSeconds, isPermanentFailure, MAX_ATTEMPTS } from './email.sender';
import { loadRenderContext, queueEmail } from './outbox';

const CONTEXT = { projectName: 'Plataforma de pruebas', publicUrl: 'http://localhost:3000' };

let sink: SmtpSink;
let app: FastifyInstance;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  // These tests time single sends: what other files left waits.
  await postponePendingEmails();
  sink = await SmtpSink.start();
  app = await buildMailingApp(sink.url);
  apps.push(app);
});

afterAll(async () => {
  for (const each of apps) await each.close();
  await sink.close();
});

beforeEach(() => {
  sink.mode = 'accept';
});

/** Stops every sender of this file, so the next one built is alone on the database. */
async function stopAll() {
  for (const each of apps) await each.emailSender.stop();
}

/** A new sender, alone: the app the next tests use. */
async function freshApp() {
  await stopAll();
  app = await buildMailingApp(sink.url);
  apps.push(app);
  return app;
}

/** Queues one email; `attempts` pretends earlier failures, in the same transaction. */
async function queue(to: string, projectName = 'Huertos urbanos', attempts = 0) {
  const { db } = await getTestDatabase();
  await db.transaction(async (tx) => {
    await queueEmail(
      tx,
      to,
      'confirmApply',
      { name: 'Lucía', projectName, organizationName: 'Cáritas Murcia' },
      CONTEXT,
    );
    await tx.update(emailOutbox).set({ attempts }).where(eq(emailOutbox.recipient, to));
  });
  const [row] = await outboxTo(to);
  return row!;
}

describe('outbox sender', () => {
  it('when an email is committed, it is delivered by SMTP without waiting for the poll, in Spanish and escaped', async () => {
    const to = uniqueEmail('entrega');
    const row = await queue(to, 'Huertos <script>alert(1)</script> & más');
    // The NOTIFY of the commit wakes the sender; the 5 s poll would be too late for this wait.
    const [mail] = await sink.waitFor(to, 1, 3_000);
    expect(mail!.to).toEqual([to]);
    expect(mail!.from).toBe('no-reply@test.local');
    expect(mail!.subject).toBe(
      'Hemos recibido tu candidatura a «Huertos <script>alert(1)</script> & más»',
    );
    expect(mail!.html).toContain('Huertos &lt;script&gt;alert(1)&lt;/script&gt; &amp; más');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('lang="es"');
    expect(mail!.text).toContain('Hola, Lucía:');
    expect(mail!.text).toContain('de Cáritas Murcia se ha enviado correctamente');
    expect(mail!.messageId).toMatch(new RegExp(`^<outbox-${row.id}-\\d+@test\\.local>$`));
    await app.emailSender.flush();
    const [sent] = await outboxTo(to);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('when an announcement’s email carries no body of its own, the body kept on the announcement is sent', async () => {
    const { db } = await getTestDatabase();
    const to = uniqueEmail('anuncio');
    const [announcement] = await db
      .insert(announcements)
      .values({
        subject: 'Jornada',
        message: '<p>Hola</p>',
        audience: {},
        status: 'sent',
        emailSubject: 'Jornada',
        emailHtml: '<p lang="es">Cuerpo del anuncio</p>',
        emailText: 'Cuerpo del anuncio',
      })
      .returning({ id: announcements.id });
    await db.insert(emailOutbox).values({
      recipient: to,
      subject: 'Jornada',
      template: 'announcement',
      announcementId: announcement!.id,
    });
    await app.emailSender.flush();
    const [mail] = await sink.waitFor(to, 1, 3_000);
    expect(mail!.subject).toBe('Jornada');
    expect(mail!.html).toContain('Cuerpo del anuncio');
    expect(mail!.text).toContain('Cuerpo del anuncio');
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'sent', html: null });
  });

  it('when the SMTP server refuses for a while, the email waits 30 s, then 60 s, and is delivered once it accepts', async () => {
    const to = uniqueEmail('reintento');
    sink.mode = 'tempfail';
    const row = await queue(to);
    await app.emailSender.flush();
    let [current] = await outboxTo(to);
    expect(current).toMatchObject({ status: 'pending', attempts: 1 });
    expect(current!.lastError).toContain('451');
    expect(await scheduledDelaySeconds(row.id)).toBe(30);

    await makeDue(row.id);
    await app.emailSender.flush();
    [current] = await outboxTo(to);
    expect(current).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await scheduledDelaySeconds(row.id)).toBe(60);
    expect(sink.to(to)).toHaveLength(0);

    sink.mode = 'accept';
    await makeDue(row.id);
    await app.emailSender.flush();
    [current] = await outboxTo(to);
    expect(current).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sink.to(to)).toHaveLength(1);
  });

  it('when an email is not due yet, the sender leaves it alone', async () => {
    const to = uniqueEmail('espera');
    sink.mode = 'tempfail';
    const row = await queue(to);
    await app.emailSender.flush();
    sink.mode = 'accept';
    await app.emailSender.flush();
    const [current] = await outboxTo(to);
    expect(current).toMatchObject({ id: row.id, status: 'pending', attempts: 1 });
    expect(sink.to(to)).toHaveLength(0);
  });

  it('when the server refuses the mailbox for good (550), the email is failed at once and kept', async () => {
    const to = uniqueEmail('rechazo');
    sink.mode = 'permfail';
    await queue(to);
    await app.emailSender.flush();
    const [current] = await outboxTo(to);
    expect(current).toMatchObject({ status: 'failed', attempts: 1 });
    expect(current!.lastError).toContain('550');
  });

  it('when an email has failed many times, the next wait is capped at an hour', async () => {
    const to = uniqueEmail('tope');
    sink.mode = 'tempfail';
    const row = await queue(to, 'Huertos urbanos', 8);
    await app.emailSender.flush();
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'pending', attempts: 9 });
    expect(await scheduledDelaySeconds(row.id)).toBe(3600);
  });

  it('when the last allowed attempt fails, the email is failed and kept', async () => {
    const to = uniqueEmail('agotado');
    sink.mode = 'tempfail';
    await queue(to, 'Huertos urbanos', MAX_ATTEMPTS - 1);
    await app.emailSender.flush();
    const [current] = await outboxTo(to);
    expect(current).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('when the SMTP server is unreachable, queueing still succeeds and the email waits with the error', async () => {
    const port = await closedPort();
    // The other senders of this file must not take the email first.
    await stopAll();
    const offline = await buildMailingApp(`smtp://127.0.0.1:${port}`);
    const to = uniqueEmail('caido');
    const row = await queue(to);
    await offline.emailSender.flush();
    const [current] = await outboxTo(to);
    expect(current).toMatchObject({ status: 'pending', attempts: 1 });
    expect(current!.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    expect(await scheduledDelaySeconds(row.id)).toBe(30);
    await offline.close();
    await freshApp();
  });

  it('when two senders share the database, each email is delivered exactly once', async () => {
    const second = await buildMailingApp(sink.url);
    apps.push(second);
    const recipients = Array.from({ length: 30 }, () => uniqueEmail('doble'));
    const { db } = await getTestDatabase();
    // One transaction: both senders wake on the same commit and race for the same rows.
    await db.transaction(async (tx) => {
      for (const to of recipients) {
        await queueEmail(
          tx,
          to,
          'inviteStudent',
          { link: 'http://localhost:3000/register' },
          CONTEXT,
        );
      }
    });
    await Promise.all([app.emailSender.flush(), second.emailSender.flush()]);
    for (const to of recipients) await sink.waitFor(to);
    // Give a duplicate the time to arrive before counting.
    await new Promise((r) => setTimeout(r, 200));
    for (const to of recipients) {
      expect(sink.to(to)).toHaveLength(1);
      const [row] = await outboxTo(to);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it('when the app closes during a send, the send finishes and is recorded before the close resolves', async () => {
    await stopAll();
    const closing = await buildMailingApp(sink.url);
    sink.mode = 'slow';
    sink.slowMs = 500;
    const to = uniqueEmail('cierre');
    await queue(to);
    const deadline = Date.now() + 5_000;
    while (!sink.inProgressTo.has(to.toLowerCase()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(sink.inProgressTo.has(to.toLowerCase())).toBe(true);
    await closing.close();
    const [row] = await outboxTo(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    sink.mode = 'accept';
    await freshApp();
  });

  it('when a sender has stopped, what is queued afterwards stays pending for the next process', async () => {
    await stopAll();
    const stopped = await buildMailingApp(sink.url);
    await stopped.close();
    const to = uniqueEmail('parado');
    await queue(to);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.to(to)).toHaveLength(0);
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await freshApp();
    await app.emailSender.flush();
    expect(sink.to(to)).toHaveLength(1);
  });

  it('when there is no SMTP_URL, emails stay pending in the outbox', async () => {
    const plain = await getTestApp();
    expect(plain.emailSender.enabled).toBe(false);
    await stopAll();
    const to = uniqueEmail('sin-smtp');
    await queue(to);
    await plain.emailSender.flush();
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await freshApp();
  });
});

describe('back-off and failure kinds', () => {
  it('when attempts fail, the waits double from 30 s and never exceed an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 50].map(backoffSeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600,
    ]);
  });

  it('when the server answers 5xx to a recipient or the message it is permanent; 4xx, a refused sender and connection errors are not', () => {
    expect(isPermanentFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 })).toBe(
      true,
    );
    expect(isPermanentFailure({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 })).toBe(true);
    expect(isPermanentFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451 })).toBe(
      false,
    );
    expect(isPermanentFailure({ code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550 })).toBe(
      false,
    );
    expect(isPermanentFailure({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 })).toBe(
      false,
    );
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentFailure(undefined)).toBe(false);
  });
});

describe('queueEmail and the render context', () => {
  it('when the recipient or a value carries CR/LF, nothing is written and the answer is a 400 error', async () => {
    const { db } = await getTestDatabase();
    const to = uniqueEmail('inyeccion');
    await expect(
      queueEmail(db, `${to}\r\nBcc: otro@test.es`, 'confirmApply', { projectName: 'P' }, CONTEXT),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      queueEmail(db, to, 'confirmApply', { projectName: 'P\r\nBcc: otro@test.es' }, CONTEXT),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      queueEmail(db, to, 'login', { name: 'Ana', link: 'javascript:alert(1)' }, CONTEXT),
    ).rejects.toMatchObject({ status: 400 });
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it('when the transaction that queued an email rolls back, the email is gone too', async () => {
    const { db } = await getTestDatabase();
    const to = uniqueEmail('deshecho');
    await expect(
      db.transaction(async (tx) => {
        await queueEmail(tx, to, 'confirmApply', { projectName: 'P' }, CONTEXT);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await app.emailSender.flush();
    expect(await outboxTo(to)).toHaveLength(0);
    expect(sink.to(to)).toHaveLength(0);
  });

  it('when the branding has a project name it names the platform; without one it is "Plataforma"', async () => {
    const { db } = await getTestDatabase();
    const config = { publicUrl: 'https://campus.example.es' };
    // Inside a transaction that rolls back, so the worker's shared branding is never changed.
    const seen = await db
      .transaction(async (tx) => {
        await tx.delete(brandingSaas);
        const empty = await loadRenderContext(tx, config);
        await tx.insert(brandingSaas).values({ projectName: 'Campus Solidario' });
        const named = await loadRenderContext(tx, config);
        await tx.update(brandingSaas).set({ projectName: '  ' });
        const blank = await loadRenderContext(tx, config);
        throw Object.assign(new Error('rollback'), { seen: { empty, named, blank } });
      })
      .catch((error: { seen?: unknown }) => error.seen);
    expect(seen).toEqual({
      empty: { projectName: 'Plataforma', publicUrl: 'https://campus.example.es' },
      named: { projectName: 'Campus Solidario', publicUrl: 'https://campus.example.es' },
      blank: { projectName: 'Plataforma', publicUrl: 'https://campus.example.es' },
    });
  });
});
