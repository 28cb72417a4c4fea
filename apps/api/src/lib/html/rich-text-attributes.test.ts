import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../../content-types';
import { SYSTEM } from '../strapi/actor';
import { getTestApp } from '../../../test/helpers/app';
import { createStudent, createUser } from '../../../test/helpers/factories';

/*
 * Rich text is cleaned by the engine for every attribute its content type declares `richText`
 * (ADR 0055), so the rule cannot be forgotten by a new type or a new hook: every long text
 * attribute of every content type is either declared rich text or listed here as plain text,
 * which the clients show escaped (React text, never innerHTML).
 */
const PLAIN_TEXT: Record<string, string> = {
  'api::call.call.description': 'shown as text',
  'api::organization.organization.description': 'shown as text',
  'api::project.project.description': 'textarea, shown as text',
  'api::project.project.objectives': 'textarea, shown as text',
  'api::project.project.ods_explanation': 'textarea, shown as text',
  'api::project.project.academic_profile': 'textarea, shown as text',
  'api::project.project.requirements': 'textarea, shown as text',
  'api::project.project.working_method': 'textarea, shown as text',
  'api::project.project.rejection_reason': 'textarea, shown as text',
  'api::apply.apply.status_message': 'shown as text',
  'api::apply.apply.interest': 'questionnaire answer, shown as text',
  'api::apply.apply.motivation': 'questionnaire answer, shown as text',
  'api::apply.apply.good_candidate': 'questionnaire answer, shown as text',
  'api::apply.apply.project_expected': 'questionnaire answer, shown as text',
  'api::apply.apply.availability': 'questionnaire answer, shown as text',
  'api::apply.apply.rtx_interest': 'questionnaire answer, shown as text',
  'api::tfx.tfx.summary': 'the abstract, shown as text (search snippets are escaped, ADR 0036)',
  'api::tfx.tfx.index': 'shown as text',
  'api::tfx.tfx.rejection_reason': 'shown as text',
  'api::tfx.tfx.document_text': 'private: the PDF text, read only by the search',
  'api::resource.resource.introduction': 'a plain summary under the title',
  'api::announcement.announcement.emailHtml':
    'read-only: rendered by the server from the cleaned message at the send',
  'api::announcement.announcement.emailText': 'read-only: the plain-text part of that email',
  'api::banner.banner.message': 'one line of the campaign banner, shown as text',
};

const PROBE =
  '<p>Hola <b>equipo</b></p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">enlace</a>';

function expectClean(stored: unknown) {
  expect(stored).toContain('<p>Hola <strong>equipo</strong></p>');
  expect(stored).not.toMatch(/<script|onerror|javascript:|<img/i);
}

describe('which attributes hold rich text', () => {
  it('when a content type has a long text attribute, it is declared rich text or known to be plain text', () => {
    const unclassified: string[] = [];
    const declared: string[] = [];
    for (const type of createRegistry().all()) {
      for (const attribute of type.attributes.values()) {
        if (attribute.kind !== 'scalar' || attribute.type !== 'text') continue;
        const key = `${type.uid}.${attribute.name}`;
        if (attribute.richText) declared.push(key);
        else if (!(key in PLAIN_TEXT)) unclassified.push(key);
      }
    }
    expect(unclassified, 'declare them `richText` or list them as plain text here').toEqual([]);
    expect(declared.sort()).toEqual([
      'api::announcement.announcement.message',
      'api::communication-center.communication-center.notification_message',
      'api::legal-text-version.legal-text-version.content',
      'api::legal-text.legal-text.content',
      'api::resource.resource.content',
    ]);
  });
});

describe('writing rich text', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await getTestApp();
  });

  /**
   * A minimal entry of each type with a writable rich text attribute; the legal text, a single
   * entry per kind, is cleaned on update (legal.test.ts writes a script to it).
   */
  const bodies: Record<string, () => Promise<Record<string, unknown>>> = {
    'api::resource.resource': () => Promise.resolve({ title: 'Recurso' }),
    'api::communication-center.communication-center': async () => ({
      notification_subject: 'Aviso',
      student: (await createStudent({ userId: (await createUser()).id })).id,
    }),
    'api::announcement.announcement': () => Promise.resolve({ subject: 'Aviso', audience: {} }),
  };

  const writable = createRegistry()
    .all()
    .flatMap((type) =>
      [...type.attributes.values()]
        .filter((a) => a.kind === 'scalar' && a.richText && a.writable)
        .map((a) => [type.uid, a.name] as const),
    )
    .filter(([uid]) => uid !== 'api::legal-text.legal-text');

  it.each(writable)(
    'when %s.%s is written with a script, an event handler and a javascript: link, it is stored and read back without them',
    async (uid, name) => {
      const body = bodies[uid];
      expect(body, `a minimal body for ${uid}`).toBeDefined();
      const created = await app.entities.create(
        uid,
        { data: { ...(await body!()), [name]: PROBE } },
        {},
        SYSTEM,
      );
      // The answer after a write is read back from the stored row.
      expectClean((created.data as { attributes: Record<string, unknown> }).attributes[name]);
    },
  );

  it('when a lifecycle hook sets rich text after the body was read, the stored value is cleaned too', async () => {
    const uid = 'api::resource.resource';
    app.entities.registry.addLifecycles(uid, {
      beforeCreate: (event) => {
        if (event.data.title === 'Recurso con gancho') event.set('content', PROBE);
        return Promise.resolve();
      },
    });
    const created = await app.entities.create(
      uid,
      { data: { title: 'Recurso con gancho', content: '<p>limpio</p>' } },
      {},
      SYSTEM,
    );
    expectClean((created.data as { attributes: Record<string, unknown> }).attributes.content);
  });
});
