import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { bearer, createUser, unique } from '../../../test/helpers/factories';
import { SSO_STATE_MESSAGES, linkIdentity } from './sso.state';

/**
 * The profile's linked university identities (ADR 0074): the owner lists them without their
 * keys, unlinks one while another way in remains, and is refused in Spanish for the last one.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

async function link(userId: number, host: string) {
  const { db } = await getTestDatabase();
  return db.transaction((tx) =>
    linkIdentity(tx, {
      userId,
      provider: `saml:https://${host}/idp/shibboleth`,
      subject: unique('ana@um.es'),
    }),
  );
}

describe('/api/auth/identities', () => {
  it('lists the caller’s identities by provider, never their keys, and says whether a password remains', async () => {
    const user = await createUser({ password: null });
    const other = await createUser();
    await link(user.id, 'idp.um.es');
    await link(other.id, 'idp.upct.es');

    const answer = await app.inject({
      method: 'GET',
      url: '/api/auth/identities',
      headers: bearer(app, user.id),
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ data: Record<string, unknown>[]; meta: { hasPassword: boolean } }>();
    expect(body.meta).toEqual({ hasPassword: false });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      provider: 'saml:https://idp.um.es/idp/shibboleth',
      providerName: 'idp.um.es',
    });
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      ['id', 'lastUsedAt', 'provider', 'providerName', 'since'].sort(),
    );
    expect(answer.body).not.toContain('ana@um.es');

    const visitor = await app.inject({ method: 'GET', url: '/api/auth/identities' });
    expect(visitor.statusCode).toBe(401);
  });

  it('unlinks while another way in remains, refuses the last one (409, Spanish) and another’s (404)', async () => {
    const user = await createUser({ password: null });
    const first = await link(user.id, 'idp.um.es');
    const second = await link(user.id, 'login.microsoftonline.com');
    const someoneElses = await link((await createUser()).id, 'idp.uv.es');
    const headers = bearer(app, user.id);

    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${first.id}`,
      headers,
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<{ data: { id: number }[] }>().data.map((i) => i.id)).toEqual([second.id]);

    const last = await app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${second.id}`,
      headers,
    });
    expect(last.statusCode).toBe(409);
    // Worded for people: the web shows it as it is (ADR 0032).
    expect(last.headers['content-language']).toBe('es');
    expect(last.json<{ error: { message: string } }>().error.message).toBe(
      SSO_STATE_MESSAGES.lastWayIn,
    );

    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${someoneElses.id}`,
      headers,
    });
    expect(foreign.statusCode).toBe(404);

    const withPassword = await createUser();
    const only = await link(withPassword.id, 'idp.um.es');
    const allowed = await app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${only.id}`,
      headers: bearer(app, withPassword.id),
    });
    expect(allowed.json()).toEqual({ data: [], meta: { hasPassword: true } });
  });
});
