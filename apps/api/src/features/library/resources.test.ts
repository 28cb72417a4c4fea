import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_INTRODUCTION_MAX_LENGTH } from '@plataforma/shared';
import { resources } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { asAdmin, signedIn, unique } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';

/** Resources are written by admins only, and their HTML is cleaned on every write (ADR 0039). */

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

const HOSTILE =
  '<h2>Guía</h2><script>alert("x")</script><p onclick="robar()">Hola <img src="x" onerror="alert(1)"><a href="javascript:alert(1)">aquí</a> y <a href="https://datos.gob.es/">datos</a></p><style>p{}</style>';

async function storedContent(id: number): Promise<string | null> {
  const { db } = await getTestDatabase();
  const [row] = await db
    .select({ content: resources.content })
    .from(resources)
    .where(eq(resources.id, id));
  return row?.content ?? null;
}

function create(data: Record<string, unknown>, headers: Record<string, string> = admin) {
  return send(app, 'POST', '/api/resources', {
    headers,
    payload: { data: { title: unique('Recurso'), ...data } },
  });
}

function expectClean(content: string | null) {
  expect(content).toBe(
    '<h2>Guía</h2><p>Hola <a>aquí</a> y <a href="https://datos.gob.es/">datos</a></p>',
  );
  expect(content).not.toMatch(/script|onerror|onclick|javascript|style|<img/i);
}

describe('resource content', () => {
  it('when an admin creates a resource with a script and event handlers in its HTML, they are gone and the rest is kept', async () => {
    const { status, body } = await create({ content: HOSTILE });
    expect(status).toBe(200);
    expectClean(body.data.attributes.content as string);
    expectClean(await storedContent(body.data.id));
  });

  it('when an admin updates the content, it is cleaned the same way', async () => {
    const { body: created } = await create({ content: '<p>Primera versión</p>' });
    const { status, body } = await send(app, 'PUT', `/api/resources/${created.data.id}`, {
      headers: admin,
      payload: { data: { content: HOSTILE } },
    });
    expect(status).toBe(200);
    expectClean(body.data.attributes.content as string);
    expectClean(await storedContent(created.data.id));
  });

  it('when the update does not touch the content, the content stays as it was', async () => {
    const { body: created } = await create({ content: '<p>Sin cambios</p>' });
    await send(app, 'PUT', `/api/resources/${created.data.id}`, {
      headers: admin,
      payload: { data: { title: unique('Otro título') } },
    });
    expect(await storedContent(created.data.id)).toBe('<p>Sin cambios</p>');
  });

  it('a link that is not http(s) is a 400', async () => {
    const { status } = await create({ link: 'javascript:alert(1)' });
    expect(status).toBe(400);
  });
});

describe('who writes resources', () => {
  it('an admin creates a draft (publishedAt null) that only admins see, publishes it and unpublishes it', async () => {
    const { status, body } = await create({ publishedAt: null, content: '<p>Borrador</p>' });
    expect(status).toBe(200);
    const id = body.data.id;
    expect(body.data.attributes.publishedAt).toBeNull();
    expect((await send(app, 'GET', `/api/resources/${id}`)).status).toBe(404);
    const student = await signedIn(app, 'student');
    expect(
      (await send(app, 'GET', `/api/resources/${id}`, { headers: student.headers })).status,
    ).toBe(404);
    expect(
      (await send(app, 'GET', `/api/resources/${id}?publicationState=preview`, { headers: admin }))
        .status,
    ).toBe(200);

    const published = await send(app, 'PUT', `/api/resources/${id}`, {
      headers: admin,
      payload: { data: { publishedAt: new Date().toISOString() } },
    });
    expect(published.status).toBe(200);
    expect((await send(app, 'GET', `/api/resources/${id}`)).status).toBe(200);

    const unpublished = await send(app, 'PUT', `/api/resources/${id}`, {
      headers: admin,
      payload: { data: { publishedAt: null } },
    });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.data.attributes.publishedAt).toBeNull();
    expect((await send(app, 'GET', `/api/resources/${id}`)).status).toBe(404);
  });

  it('students, teachers, coordinators and visitors may not create, edit, unpublish or delete a resource', async () => {
    const { body } = await create({ content: '<p>Publicado</p>' });
    const id = body.data.id;
    const callers: Record<string, string>[] = [{}];
    for (const role of ['student', 'teacher', 'coordinator', 'authenticated'] as const) {
      callers.push((await signedIn(app, role)).headers);
    }
    for (const headers of callers) {
      const who = headers.authorization ? 'a signed-in user' : 'a visitor';
      expect((await create({ content: '<p>x</p>' }, headers)).status, who).toBe(403);
      const edit = await send(app, 'PUT', `/api/resources/${id}`, {
        headers,
        payload: { data: { title: 'Cambiado' } },
      });
      expect(edit.status, who).toBe(403);
      const unpublish = await send(app, 'PUT', `/api/resources/${id}`, {
        headers,
        payload: { data: { publishedAt: null } },
      });
      expect(unpublish.status, who).toBe(403);
      expect((await send(app, 'DELETE', `/api/resources/${id}`, { headers })).status, who).toBe(
        403,
      );
    }
    const { db } = await getTestDatabase();
    const [row] = await db.select().from(resources).where(eq(resources.id, id));
    expect(row?.publishedAt).not.toBeNull();
    expect(row?.title).not.toBe('Cambiado');
  });
});

describe("the longest introduction (the admins' form shows the same limit)", () => {
  it(`when an admin sends an introduction one character over ${RESOURCE_INTRODUCTION_MAX_LENGTH}, it is 400 naming it; at the limit it is saved`, async () => {
    const over = await create({ introduction: 'a'.repeat(RESOURCE_INTRODUCTION_MAX_LENGTH + 1) });
    expect(over.status).toBe(400);
    expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([['introduction']]);
    const at = await create({ introduction: 'a'.repeat(RESOURCE_INTRODUCTION_MAX_LENGTH) });
    expect(at.status, at.text).toBe(200);
    expect(at.body.data.attributes.introduction).toHaveLength(RESOURCE_INTRODUCTION_MAX_LENGTH);
  });
});
