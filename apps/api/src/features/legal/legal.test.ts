import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_TEXT_KINDS } from '@plataforma/shared';
import { legalConsents, legalTextVersions, legalTexts } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, createUser, signedIn, unique } from '../../../test/helpers/factories';
import { send, type Entity } from '../../../test/helpers/http';

/** The legal texts (ADR 0035): defaults on every installation, versions, cleaning, access. */

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

async function textOf(kind: string): Promise<Entity> {
  const { status, body } = await send(app, 'GET', `/api/legal-texts?filters[kind][$eq]=${kind}`);
  expect(status).toBe(200);
  expect(body.data).toHaveLength(1);
  return body.data[0]!;
}

async function versionsOf(kind: string, headers: Record<string, string> = {}) {
  const { status, body } = await send(
    app,
    'GET',
    `/api/legal-text-versions?filters[legalText][kind][$eq]=${kind}&sort=version:asc&populate=author&pagination[pageSize]=100`,
    { headers },
  );
  expect(status).toBe(200);
  return body.data;
}

function update(id: number, data: Record<string, unknown>, headers = admin) {
  return send(app, 'PUT', `/api/legal-texts/${id}`, { headers, payload: { data } });
}

describe('default legal texts', () => {
  it('when the database is migrated, the privacy policy, the legal notice and the cookie policy exist in Spanish with their first version, without demo data', async () => {
    const { db } = await getTestDatabase();
    const rows = await db.select().from(legalTexts);
    expect(rows.map((r) => r.kind).sort()).toEqual([...LEGAL_TEXT_KINDS].sort());
    for (const row of rows) expect(row.title.length).toBeGreaterThan(0);
    const privacy = rows.find((r) => r.kind === 'privacy')!;
    // The university is named through the branding (the web fills the placeholders).
    expect(privacy.content).toContain('{universidad}');
    expect(privacy.content).toContain('Agencia Española de Protección de Datos');
    expect(rows.find((r) => r.kind === 'legal-notice')!.content).toContain('Ley 34/2002');
    expect(rows.find((r) => r.kind === 'cookies')!.content).toContain('refreshToken');
    for (const row of rows) {
      const [first] = await db
        .select()
        .from(legalTextVersions)
        .where(eq(legalTextVersions.legalTextId, row.id))
        .orderBy(legalTextVersions.version)
        .limit(1);
      expect(first).toMatchObject({ version: 1, authorId: null });
    }
  });

  it('when a visitor asks for a text by kind, it is answered with its title, content and version', async () => {
    const text = await textOf('legal-notice');
    expect(text.attributes.kind).toBe('legal-notice');
    expect(text.attributes.title).toEqual(expect.any(String) as unknown);
    expect(text.attributes.content).toContain('<h2>');
    expect(text.attributes.version).toBeGreaterThanOrEqual(1);
  });
});

describe('editing a legal text', () => {
  it('when an admin changes the content, it is cleaned, the version goes up and the old version is kept with its author', async () => {
    const before = await textOf('cookies');
    const oldContent = before.attributes.content as string;
    const oldVersion = before.attributes.version as number;
    const marker = unique('Nueva cláusula');
    const res = await update(before.id, {
      title: 'Política de cookies',
      content: `<h1>Cookies</h1><p onclick="robar()">${marker} <a href="javascript:alert(1)">aquí</a> <a href="/privacidad" target="_blank">privacidad</a></p><script>alert(1)</script><img src="x" onerror="y"><div style="color:red">Texto suelto</div>`,
    });
    expect(res.status).toBe(200);
    const content = res.body.data.attributes.content as string;
    expect(content).toBe(
      `<h2>Cookies</h2><p>${marker} <a>aquí</a> <a href="/privacidad">privacidad</a></p>Texto suelto`,
    );
    expect(res.body.data.attributes.version).toBe(oldVersion + 1);

    const versions = await versionsOf('cookies', admin);
    const last = versions.at(-1)!;
    expect(last.attributes).toMatchObject({ version: oldVersion + 1, content });
    expect((last.attributes.author as { data: { id: number } | null }).data?.id).toEqual(
      expect.any(Number),
    );
    const previous = versions.find((v) => v.attributes.version === oldVersion);
    expect(previous?.attributes.content).toBe(oldContent);
  });

  it("when the text ends in empty paragraphs (an editor's last line), they are not kept", async () => {
    const before = await textOf('cookies');
    const content = `${before.attributes.content as string}<p>${unique('Final')}</p>`;
    const res = await update(before.id, { content: `${content}<p></p><p><br></p>` });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.content).toBe(content);
  });

  it('when an admin saves the same title and content again, no version is made', async () => {
    const before = await textOf('legal-notice');
    const res = await update(before.id, {
      title: before.attributes.title,
      content: before.attributes.content,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.version).toBe(before.attributes.version);
    expect(await versionsOf('legal-notice')).toHaveLength(before.attributes.version as number);
  });

  it('when an admin changes only the title, that is a new version too', async () => {
    const before = await textOf('legal-notice');
    const title = unique('Aviso legal');
    const res = await update(before.id, { title });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      title,
      version: (before.attributes.version as number) + 1,
    });
    expect((await versionsOf('legal-notice')).at(-1)?.attributes.title).toBe(title);
    await update(before.id, { title: before.attributes.title });
  });

  it.each([
    ['empty paragraphs', { content: '<p></p><p> </p>' }, 'content'],
    ['only a script', { content: '<script>alert(1)</script>' }, 'content'],
    ['an empty title', { title: '   ' }, 'title'],
    ['the kind', { kind: 'cookies' }, 'kind'],
    ['the version', { version: 99 }, 'version'],
  ])(
    'when an admin sends %s, the answer is a 400 naming the field and nothing changes',
    async (_case, data, field) => {
      const before = await textOf('privacy');
      const res = await update(before.id, data);
      expect(res.status).toBe(400);
      expect(res.body.error?.details.errors?.map((e) => e.path[0])).toContain(field);
      const after = await textOf('privacy');
      expect(after.attributes.version).toBe(before.attributes.version);
      expect(after.attributes.content).toBe(before.attributes.content);
    },
  );

  it.each(['student', 'teacher', 'coordinator'] as const)(
    'when a %s tries to change a text, the answer is 403',
    async (role) => {
      const { headers } = await signedIn(app, role);
      const text = await textOf('privacy');
      expect((await update(text.id, { title: 'Mía' }, headers)).status).toBe(403);
    },
  );

  it('when a visitor tries to change a text, the answer is 403', async () => {
    const text = await textOf('privacy');
    expect((await update(text.id, { title: 'Mía' }, {})).status).toBe(403);
  });

  it('when even an admin creates or deletes a legal text or a version, the answer is 403: there are always the three', async () => {
    // The server's fields (kind, version, the versions' texts) cannot even be sent (400).
    const text = await textOf('privacy');
    const [version] = await versionsOf('privacy');
    const attempts = [
      send(app, 'POST', '/api/legal-texts', {
        headers: admin,
        payload: { data: { title: 'Otra', content: '<p>x</p>' } },
      }),
      send(app, 'DELETE', `/api/legal-texts/${text.id}`, { headers: admin }),
      send(app, 'POST', '/api/legal-text-versions', { headers: admin, payload: { data: {} } }),
      send(app, 'PUT', `/api/legal-text-versions/${version!.id}`, {
        headers: admin,
        payload: { data: {} },
      }),
      send(app, 'DELETE', `/api/legal-text-versions/${version!.id}`, { headers: admin }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
  });

  it('when a visitor reads the versions, who wrote each is not shown', async () => {
    const versions = await versionsOf('cookies');
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) expect(version.attributes).not.toHaveProperty('author');
  });
});

describe('consents', () => {
  it('when people read consents, each sees only their own and admins see every one; nobody writes them', async () => {
    const { db } = await getTestDatabase();
    const [privacyVersion] = await db
      .select({ id: legalTextVersions.id })
      .from(legalTextVersions)
      .innerJoin(legalTexts, eq(legalTexts.id, legalTextVersions.legalTextId))
      .where(eq(legalTexts.kind, 'privacy'))
      .limit(1);
    const mine = await signedIn(app, 'student');
    const other = await createUser({ profileType: 'teacher' });
    const [own] = await db
      .insert(legalConsents)
      .values({ userId: mine.user.id, legalTextVersionId: privacyVersion!.id })
      .returning();
    const [theirs] = await db
      .insert(legalConsents)
      .values({ userId: other.id, legalTextVersionId: privacyVersion!.id })
      .returning();
    const query = `/api/legal-consents?filters[id][$in][0]=${own!.id}&filters[id][$in][1]=${theirs!.id}&populate=legalTextVersion`;

    const asStudent = await send(app, 'GET', query, { headers: mine.headers });
    expect(asStudent.status).toBe(200);
    expect(asStudent.body.data.map((c) => c.id)).toEqual([own!.id]);
    const accepted = asStudent.body.data[0]!.attributes.legalTextVersion as {
      data: Entity;
    };
    expect(accepted.data.attributes.content).toEqual(expect.stringContaining('<h2>'));

    const asAdminAnswer = await send(app, 'GET', query, { headers: admin });
    expect(asAdminAnswer.body.data.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [own!.id, theirs!.id].sort((a, b) => a - b),
    );
    expect((await send(app, 'GET', query)).status).toBe(403);

    for (const headers of [mine.headers, admin]) {
      const created = await send(app, 'POST', '/api/legal-consents', {
        headers,
        payload: { data: {} },
      });
      expect(created.status).toBe(403);
      expect(
        (await send(app, 'DELETE', `/api/legal-consents/${own!.id}`, { headers })).status,
      ).toBe(403);
    }
  });
});
