import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { createUser, signedIn } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { createRegistry } from '../../content-types';

/**
 * Who may write comes before what is written (ADR 0052): a caller who may not create or change
 * a type is refused with 403 whatever the body, never with a 400 that lists the type's fields.
 * Walks every content type with the generic routes, as a visitor and as a student.
 */

let app: FastifyInstance;
const headers: Record<'visitor' | 'student', Record<string, string>> = {
  visitor: {},
  student: {},
};
beforeAll(async () => {
  app = await getTestApp();
  headers.student = (await signedIn(app, 'student')).headers;
});

/** The types each role may create something of (the access table, ADR 0012). */
const CREATES: Record<'visitor' | 'student', string[]> = {
  visitor: ['api::questionnaire-answer.questionnaire-answer'],
  student: ['api::apply.apply', 'api::tfx.tfx', 'api::questionnaire-answer.questionnaire-answer'],
};
/** The types each role may change some entry of: their own. */
const UPDATES: Record<'visitor' | 'student', string[]> = {
  visitor: [],
  student: [
    'api::student.student',
    'api::apply.apply',
    'api::tfx.tfx',
    'api::communication-center.communication-center',
    'api::project-progress.project-progress',
  ],
};

const BODIES = [{ data: {} }, { data: { noSuchField: 1 } }, { nothing: true }];
const MISSING_ID = 2_147_483_000;

const types = createRegistry()
  .all()
  .filter((type) => type.exposed);

describe.each(['visitor', 'student'] as const)('as a %s', (role) => {
  for (const type of types) {
    if (type.kind === 'singleType') {
      it(`PUT /api/${type.singularName} is 403 whatever the body`, async () => {
        for (const payload of BODIES) {
          const { status } = await send(app, 'PUT', `/api/${type.singularName}`, {
            headers: headers[role],
            payload,
          });
          expect(status, JSON.stringify(payload)).toBe(403);
        }
      });
      continue;
    }
    const base = `/api/${type.pluralName}`;
    if (!CREATES[role].includes(type.uid)) {
      it(`POST ${base} is 403 whatever the body`, async () => {
        for (const payload of BODIES) {
          const { status } = await send(app, 'POST', base, { headers: headers[role], payload });
          expect(status, JSON.stringify(payload)).toBe(403);
        }
      });
    }
    // Of a type they may change, an entry they cannot reach is a 404 before the body is read.
    const expected = UPDATES[role].includes(type.uid) ? 404 : 403;
    it(`PUT ${base}/:id is ${expected} whatever the body`, async () => {
      for (const payload of BODIES) {
        const { status } = await send(app, 'PUT', `${base}/${MISSING_ID}`, {
          headers: headers[role],
          payload,
        });
        expect(status, JSON.stringify(payload)).toBe(expected);
      }
    });
  }

  it('an account of someone else is refused whatever the body', async () => {
    const other = await createUser({ profileType: 'teacher' });
    for (const payload of [{}, { noSuchField: 1 }, { username: 1 }]) {
      const created = await send(app, 'POST', '/api/users', { headers: headers[role], payload });
      expect(created.status, JSON.stringify(payload)).toBe(403);
      const changed = await send(app, 'PUT', `/api/users/${other.id}`, {
        headers: headers[role],
        payload,
      });
      expect(changed.status, JSON.stringify(payload)).toBe(403);
    }
  });
});
