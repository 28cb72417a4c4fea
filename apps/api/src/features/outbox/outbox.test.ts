import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { buildMailingApp, outboxTo, uniqueEmail } from '../../../test/helpers/email';
import { asAdmin, signedIn, unique } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { SmtpSink } from '../../../test/helpers/smtp-sink';
import { LEASE_SECONDS } from '../../lib/mail/email.sender';
import { queueEmail } from '../../lib/mail/outbox';

const CONTEXT = { projectName: 'Plataforma de pruebas', publicUrl: 'http://localhost:3000' };

/** The worker's app: no SMTP_URL, so what is queued here stays as the test leaves it. */
let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

/** Queues an email and sets its state directly. */
async function email(
  to: string,
  state: Partial<typeof emailOutbox.$inferInsert> = {},
  projectName = 'Huertos urbanos',
) {
  const { db } = await getTestDatabase();
  await queueEmail(db, to, 'confirmApply', { projectName }, CONTEXT);
  const [row] = await outboxTo(to);
  if (Object.keys(state).length > 0) {
    await db.update(emailOutbox).set(state).where(eq(emailOutbox.id, row!.id));
  }
  return row!;
}

describe('who may use the outbox API', () => {
  it('when the caller is not an admin, every outbox route answers 403', async () => {
    const row = await email(uniqueEmail('ajeno'));
    const callers = [
      {},
      ...(await Promise.all(
        (['student', 'teacher', 'coordinator', 'authenticated'] as const).map(
          async (role) => (await signedIn(app, role)).headers,
        ),
      )),
    ];
    for (const headers of callers) {
      for (const [method, url] of [
        ['GET', '/api/admin/outbox'],
        ['GET', `/api/admin/outbox/${row.id}`],
        ['POST', `/api/admin/outbox/${row.id}/retry`],
      ] as const) {
        const res = await send(app, method, url, { headers });
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ status: 403, name: 'ForbiddenError' });
        expect(res.text).not.toContain(row.recipient);
      }
    }
  });
});

describe('GET /api/admin/outbox', () => {
  it('when an admin lists by recipient, the emails come newest first without their bodies', async () => {
    const to = uniqueEmail('lista');
    const first = await email(to, {}, 'Primero');
    await email(`${to}.copia`);
    const { db } = await getTestDatabase();
    await queueEmail(db, to.toUpperCase(), 'confirmApply', { projectName: 'Segundo' }, CONTEXT);
    const res = await send(app, 'GET', `/api/admin/outbox?filters[recipient][$eq]=${to}`, {
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.attributes.subject)).toEqual([
      'Hemos recibido tu candidatura a «Segundo»',
      'Hemos recibido tu candidatura a «Primero»',
    ]);
    expect(res.body.data[1]).toMatchObject({
      id: first.id,
      attributes: {
        recipient: to,
        template: 'confirmApply',
        status: 'pending',
        attempts: 0,
        lastError: null,
        sentAt: null,
      },
    });
    expect(res.body.data[1]!.attributes).not.toHaveProperty('html');
    expect(res.body.data[1]!.attributes.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(res.body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
  });

  it('when an admin filters by status and part of the address and pages, only those come, 1 a page', async () => {
    const tag = unique('estado').toLowerCase();
    await email(`${tag}-a@test.es`, { status: 'failed', lastError: '550 No such mailbox' });
    await email(`${tag}-b@test.es`, { status: 'failed' });
    await email(`${tag}-c@test.es`, { status: 'sent', sentAt: new Date() });
    const res = await send(
      app,
      'GET',
      `/api/admin/outbox?filters[status]=failed&filters[recipient][$containsi]=${tag.toUpperCase()}&pagination[page]=2&pagination[pageSize]=1`,
      { headers: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]!.attributes).toMatchObject({
      recipient: `${tag}-a@test.es`,
      status: 'failed',
      lastError: '550 No such mailbox',
    });
    expect(res.body.meta.pagination).toEqual({ page: 2, pageSize: 1, pageCount: 2, total: 2 });
  });

  it('when $containsi carries LIKE wildcards, they match themselves', async () => {
    const tag = unique('comodin').toLowerCase();
    await email(`${tag}@test.es`);
    const res = await send(
      app,
      'GET',
      `/api/admin/outbox?filters[recipient][$containsi]=${encodeURIComponent(`${tag}%`)}`,
      { headers: admin },
    );
    expect(res.body.data).toHaveLength(0);
  });

  it('when the query is bad, the answer is 400 naming it', async () => {
    for (const query of [
      'pagination[pageSize]=101',
      'pagination[page]=0',
      'pagination[page]=abc',
      'filters[status]=enviado',
      'filters[subject][$eq]=x',
      'filters[recipient][$regex]=x',
      'sort=id',
    ]) {
      const res = await send(app, 'GET', `/api/admin/outbox?${query}`, { headers: admin });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ data: null, error: { name: 'ValidationError' } });
    }
  });
});

describe('GET /api/admin/outbox/:id', () => {
  it('when an admin reads one email, its HTML and text come too', async () => {
    const row = await email(uniqueEmail('detalle'), {}, 'Huertos <b>urbanos</b>');
    const res = await send(app, 'GET', `/api/admin/outbox/${row.id}`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: row.id,
      attributes: { recipient: row.recipient, status: 'pending' },
    });
    expect(res.body.data.attributes.html).toContain('Huertos &lt;b&gt;urbanos&lt;/b&gt;');
    expect(res.body.data.attributes.text).toContain('Huertos <b>urbanos</b>');
  });

  it('when the id does not exist the answer is 404; when it is not a number, 400', async () => {
    expect(
      (await send(app, 'GET', '/api/admin/outbox/2147483647', { headers: admin })).status,
    ).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await send(app, 'GET', `/api/admin/outbox/${id}`, { headers: admin })).status).toBe(
        400,
      );
    }
  });
});

describe('POST /api/admin/outbox/:id/retry', () => {
  it('when an admin retries a failed email, it is pending and due now with a fresh round of attempts', async () => {
    const row = await email(uniqueEmail('fallido'), {
      status: 'failed',
      attempts: 12,
      lastError: '451 try later',
      nextAttemptAt: new Date(Date.now() - 3_600_000),
    });
    const before = Date.now();
    const res = await send(app, 'POST', `/api/admin/outbox/${row.id}/retry`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: '451 try later',
    });
    const due = Date.parse(res.body.data.attributes.nextAttemptAt as string);
    expect(due).toBeGreaterThan(before - 5_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('when an admin retries an email waiting in back-off, it is due now', async () => {
    const row = await email(uniqueEmail('espera'), {
      attempts: 3,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const res = await send(app, 'POST', `/api/admin/outbox/${row.id}/retry`, { headers: admin });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.data.attributes.nextAttemptAt as string)).toBeLessThanOrEqual(
      Date.now() + 1_000,
    );
  });

  it('when the email was sent, or a sender holds it right now, the answer is 409 and nothing changes', async () => {
    const sent = await email(uniqueEmail('enviado'), { status: 'sent', sentAt: new Date() });
    const sentRes = await send(app, 'POST', `/api/admin/outbox/${sent.id}/retry`, {
      headers: admin,
    });
    expect(sentRes.status).toBe(409);
    expect(sentRes.body.error?.message).toBe('This email was already sent');

    const held = await email(uniqueEmail('en-curso'));
    const { db } = await getTestDatabase();
    // Exactly what a claim writes (email.sender.ts).
    await db
      .update(emailOutbox)
      .set({
        updatedAt: sql`now()`,
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(eq(emailOutbox.id, held.id));
    const heldRes = await send(app, 'POST', `/api/admin/outbox/${held.id}/retry`, {
      headers: admin,
    });
    expect(heldRes.status).toBe(409);
    expect(heldRes.body.error?.message).toBe('This email is being sent now');
    const [after] = await outboxTo(held.recipient);
    expect(after!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
  });

  it('when the id does not exist, the answer is 404', async () => {
    const res = await send(app, 'POST', '/api/admin/outbox/2147483647/retry', { headers: admin });
    expect(res.status).toBe(404);
  });
});

describe('retry with delivery', () => {
  let sink: SmtpSink;
  let mailing: FastifyInstance;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    mailing = await buildMailingApp(sink.url);
  });
  afterAll(async () => {
    await mailing.close();
    await sink.close();
  });

  it('when an admin retries a failed email on a process that delivers, it arrives', async () => {
    const to = uniqueEmail('reenvio');
    const row = await email(to, { status: 'failed', attempts: 12, lastError: '550 antes' });
    await mailing.emailSender.flush();
    expect(sink.to(to)).toHaveLength(0);
    const res = await send(mailing, 'POST', `/api/admin/outbox/${row.id}/retry`, {
      headers: admin,
    });
    expect(res.status).toBe(200);
    await sink.waitFor(to);
    await mailing.emailSender.flush();
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });
});
