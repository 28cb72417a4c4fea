import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { createUser, signedIn, unique } from '../../../test/helpers/factories';
import { emailOutbox } from '../../db/schema';

let app: FastifyInstance;
let adminCookie: string;
beforeAll(async () => {
  app = await getTestApp();
  const admin = await createUser({ profileType: 'admin' });
  adminCookie = `theme=light; token=${encodeURIComponent(app.tokens.sign({ id: admin.id }))}`;
});

async function queued(subject: string, status: 'pending' | 'sent' | 'failed' = 'pending') {
  const { db } = await getTestDatabase();
  const [row] = await db
    .insert(emailOutbox)
    .values({
      recipient: `${unique('dest')}@test.es`,
      subject,
      html: `<p>${subject}</p>`,
      text: `Texto de ${subject}`,
      template: 'confirmation',
      status,
    })
    .returning();
  return row!;
}

describe('/admin/outbox page', () => {
  it('when an admin opens it with the session cookie, the queued emails are listed, escaped', async () => {
    const subject = unique('Asunto <script>alert(1)</script>');
    await queued(subject);
    const res = await app.inject({
      method: 'GET',
      url: '/admin/outbox',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Correo saliente');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('when filtered by status and recipient, only those emails are listed', async () => {
    const failed = await queued(unique('Fallido'), 'failed');
    const pending = await queued(unique('Pendiente'));
    const res = await app.inject({
      method: 'GET',
      url: `/admin/outbox?estado=failed&destinatario=${encodeURIComponent(failed.recipient)}`,
      headers: { cookie: adminCookie },
    });
    expect(res.body).toContain(failed.subject);
    expect(res.body).not.toContain(pending.subject);
  });

  it('when an email is opened, its text and a sandboxed HTML version are shown', async () => {
    const email = await queued(unique('Detalle'));
    const res = await app.inject({
      method: 'GET',
      url: `/admin/outbox/${email.id}`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Texto de ${email.subject}`);
    expect(res.body).toMatch(/<iframe title="Versión HTML del correo" sandbox srcdoc="&lt;p&gt;/);
  });

  it('when a visitor opens it, they are sent to the login page and back', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/outbox' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/auth/login?redirect=%2Fadmin%2Foutbox');
  });

  it('when the cookie is not a valid session, it is as a visitor', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/outbox',
      headers: { cookie: 'token=not-a-jwt' },
    });
    expect(res.statusCode).toBe(302);
  });

  it('when someone other than an admin opens it, the answer is a 403 page', async () => {
    const { user } = await signedIn(app, 'coordinator');
    const res = await app.inject({
      method: 'GET',
      url: '/admin/outbox',
      headers: { cookie: `token=${app.tokens.sign({ id: user.id })}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Sin permiso');
  });

  it('when an admin retries from the page (same origin), the email is due again; without Origin it is refused', async () => {
    const email = await queued(unique('Reintento'), 'failed');
    const refused = await app.inject({
      method: 'POST',
      url: `/admin/outbox/${email.id}/retry`,
      headers: { cookie: adminCookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(refused.statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: `/admin/outbox/${email.id}/retry`,
      headers: {
        cookie: adminCookie,
        origin: 'https://evil.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(crossSite.statusCode).toBe(403);
    const ok = await app.inject({
      method: 'POST',
      url: `/admin/outbox/${email.id}/retry`,
      headers: {
        cookie: adminCookie,
        origin: 'http://localhost:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(ok.statusCode).toBe(303);
    const form = {
      cookie: adminCookie,
      origin: 'null',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const crossFetch = await app.inject({
      method: 'POST',
      url: `/admin/outbox/${email.id}/retry`,
      headers: { ...form, 'sec-fetch-site': 'cross-site' },
      payload: '',
    });
    expect(crossFetch.statusCode).toBe(403);
    const sameFetch = await app.inject({
      method: 'POST',
      url: `/admin/outbox/${email.id}/retry`,
      headers: { ...form, 'sec-fetch-site': 'same-origin' },
      payload: '',
    });
    expect(sameFetch.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/admin/outbox/${email.id}?reintento=1`);
    const { db } = await getTestDatabase();
    const [after] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, email.id));
    expect(after?.status).toBe('pending');
  });

  it('the API routes still ignore the cookie: a cookie alone is a visitor there', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
