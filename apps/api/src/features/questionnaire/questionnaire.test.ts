import type { OpenAPIV3 } from 'openapi-types';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPETENCE_ITEMS,
  COMPETENCE_SCALE,
  QUESTIONNAIRE_CONTACT_LIMITS,
  tooManyRequestsMessage,
} from '@plataforma/shared';
import { questionnaireAnswers, students } from '../../db/schema';
import { getTestApp } from '../../../test/helpers/app';
import { uniqueEmail, uniqueIp } from '../../../test/helpers/auth';
import { getTestDatabase } from '../../../test/helpers/db';
import { bearer, createStudent, signedIn } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';

let app: FastifyInstance;
const db = async () => (await getTestDatabase()).db;
beforeAll(async () => {
  app = await getTestApp();
});

interface Result {
  scores: Record<string, number>;
  consistency: { answered: number; agreed: number };
  createdAt: string;
}

/** Every item answered so that each counts as 6: 6 for plain items, 0 for reversed ones. */
function topAnswers(): Record<string, number> {
  return Object.fromEntries(
    COMPETENCE_ITEMS.filter((item) => item.impact !== 'none').map((item) => [
      item.value,
      item.impact === 'negative' ? COMPETENCE_SCALE.min : COMPETENCE_SCALE.max,
    ]),
  );
}

const contact = (email = uniqueEmail('cuestionario')) => ({
  name: 'Lucía',
  surname: 'Pérez',
  email,
});

async function submit(
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = uniqueIp(),
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/questionnaire/submit',
    headers,
    remoteAddress,
    payload: payload as Record<string, unknown>,
  });
  const body = res.json<{
    data: { id: number; attributes: Result } | null;
    error?: { name: string; message: string; details: { errors?: { path: string[] }[] } };
  }>();
  return { status: res.statusCode, body, headers: res.headers };
}

async function rowsWithEmail(email: string) {
  const [row] = await (
    await db()
  )
    .select({ n: count() })
    .from(questionnaireAnswers)
    .where(eq(questionnaireAnswers.email, email));
  return row?.n ?? 0;
}

async function signedInStudent() {
  const student = await createStudent();
  return { student, headers: bearer(app, student.userId) };
}

describe('POST /api/questionnaire/submit: scoring', () => {
  it('scores each section as the mean on 0 to 6, counting a reversed item as 6 − answer', async () => {
    const answers = {
      ...topAnswers(),
      // flexibility.3 is reversed: a 6 counts 0. initiative.1 is plain: a 3 counts 3.
      'flexibility.3': 6,
      'initiative.1': 3,
      // teamwork.3 and teamwork.6 are reversed: a 2 counts 4.
      'teamwork.3': 2,
      'teamwork.6': 2,
    };
    const { status, body } = await submit({ answers, contact: contact() });
    expect(status).toBe(200);
    expect(body.data?.attributes.scores).toEqual({
      flexibility: 4.5,
      initiative: 5.4,
      teamwork: 5.43,
      communication: 6,
      growthMindset: 6,
    });
  });

  it('leaves unanswered optional items out of the mean instead of counting them as 0', async () => {
    const answers: Record<string, number> = { ...topAnswers(), 'growthMindset.1': 1 };
    delete answers['growthMindset.6'];
    const { status, body } = await submit({ answers, contact: contact() });
    expect(status).toBe(200);
    expect(body.data?.attributes.scores.growthMindset).toBe(5);
  });

  it('keeps the honesty items out of the scores and reports how many were agreed with', async () => {
    const honest = await submit({ answers: topAnswers(), contact: contact() });
    const agreeing = await submit({
      answers: { ...topAnswers(), 'honesty.1': 6, 'honesty.2': 5, 'honesty.3': 4, 'honesty.4': 6 },
      contact: contact(),
    });
    expect(agreeing.status).toBe(200);
    expect(agreeing.body.data?.attributes.scores).toEqual(honest.body.data?.attributes.scores);
    expect(honest.body.data?.attributes.consistency).toEqual({ answered: 0, agreed: 0 });
    expect(agreeing.body.data?.attributes.consistency).toEqual({ answered: 4, agreed: 3 });
    expect(Object.keys(agreeing.body.data?.attributes.scores ?? {})).not.toContain('honesty');
  });

  it('stores the answers, the scores and the contact of a visitor, linked to no student', async () => {
    const email = uniqueEmail('visitante');
    const { status, body } = await submit({ answers: topAnswers(), contact: contact(email) });
    expect(status).toBe(200);
    const [row] = await (
      await db()
    )
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.id, body.data!.id));
    expect(row).toMatchObject({
      studentId: null,
      name: 'Lucía',
      surname: 'Pérez',
      email,
      answers: topAnswers(),
      scores: body.data?.attributes.scores,
    });
    expect(body.data?.attributes.createdAt).toBe(row?.createdAt.toISOString());
  });
});

describe('POST /api/questionnaire/submit: validation', () => {
  const refused = async (payload: unknown, path: string[]) => {
    const email = (payload as { contact?: { email?: string } }).contact?.email;
    const { status, body } = await submit(payload);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.error?.name).toBe('ValidationError');
    expect(body.error?.details.errors?.map((e) => e.path)).toContainEqual(path);
    if (email) expect(await rowsWithEmail(email)).toBe(0);
  };

  it('refuses a missing required item', async () => {
    const answers = topAnswers();
    delete answers['flexibility.1'];
    await refused({ answers, contact: contact() }, ['answers', 'flexibility.1']);
  });

  it('refuses answers outside 0 to 6 or not whole numbers', async () => {
    await refused({ answers: { ...topAnswers(), 'teamwork.2': 7 }, contact: contact() }, [
      'answers',
      'teamwork.2',
    ]);
    await refused({ answers: { ...topAnswers(), 'teamwork.2': -1 }, contact: contact() }, [
      'answers',
      'teamwork.2',
    ]);
    await refused({ answers: { ...topAnswers(), 'teamwork.2': 2.5 }, contact: contact() }, [
      'answers',
      'teamwork.2',
    ]);
    await refused({ answers: { ...topAnswers(), 'honesty.1': '6' }, contact: contact() }, [
      'answers',
      'honesty.1',
    ]);
  });

  it('refuses unknown item keys and unknown body keys', async () => {
    const { status, body } = await submit({
      answers: { ...topAnswers(), 'flexibility.5': 3 },
      contact: contact(),
    });
    expect(status).toBe(400);
    expect(body.error?.message).toBe('Invalid key flexibility.5');
    await refused({ answers: topAnswers(), contact: contact(), scores: { flexibility: 6 } }, [
      'scores',
    ]);
  });

  it('refuses a bad email and a missing name or surname', async () => {
    await refused({ answers: topAnswers(), contact: { ...contact(), email: 'no-es-un-correo' } }, [
      'contact',
      'email',
    ]);
    await refused({ answers: topAnswers(), contact: { ...contact(), name: '  ' } }, [
      'contact',
      'name',
    ]);
    const { surname: _surname, ...withoutSurname } = contact();
    await refused({ answers: topAnswers(), contact: withoutSurname }, ['contact', 'surname']);
    await refused({ answers: topAnswers() }, ['contact']);
  });
});

describe('the longest contact answers (the questionnaire shows the same limits)', () => {
  /** A text of `length` characters for the field: an email is a unique address that long. */
  const textOf = (field: keyof typeof QUESTIONNAIRE_CONTACT_LIMITS, length: number) => {
    if (field !== 'email') return 'a'.repeat(length);
    const address = uniqueEmail('largo');
    return 'a'.repeat(length - address.length) + address;
  };
  const fields = Object.entries(QUESTIONNAIRE_CONTACT_LIMITS) as [
    keyof typeof QUESTIONNAIRE_CONTACT_LIMITS,
    number,
  ][];

  it.each(fields)(
    'POST /api/questionnaire/submit: the contact %s one character over %i is 400 naming it; at the limit it is stored',
    async (field, max) => {
      const over = await submit({
        answers: topAnswers(),
        contact: { ...contact(), [field]: textOf(field, max + 1) },
      });
      expect(over.status).toBe(400);
      expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([['contact', field]]);
      const value = textOf(field, max);
      const at = await submit({ answers: topAnswers(), contact: { ...contact(), [field]: value } });
      expect(at.status).toBe(200);
      const [row] = await (
        await db()
      )
        .select()
        .from(questionnaireAnswers)
        .where(eq(questionnaireAnswers.id, at.body.data!.id));
      expect(row?.[field]).toBe(value);
    },
  );

  it.each(fields)(
    'POST /api/questionnaire-answers: the %s one character over %i is 400 naming it; at the limit it is stored',
    async (field, max) => {
      const answer = (value: string) =>
        send(app, 'POST', '/api/questionnaire-answers', {
          payload: { data: { ...contact(), answers: topAnswers(), [field]: value } },
        });
      const over = await answer(textOf(field, max + 1));
      expect(over.status).toBe(400);
      expect(over.body.error?.details.errors?.map((e) => e.path)).toEqual([[field]]);
      const at = await answer(textOf(field, max));
      expect(at.status, at.text).toBe(200);
    },
  );
});

describe('a student’s competences', () => {
  it('become the scores of their latest answer, and a retake adds a row that wins', async () => {
    const { student, headers } = await signedInStudent();
    const first = await submit({ answers: topAnswers(), contact: contact() }, headers);
    expect(first.status).toBe(200);
    const read = async () =>
      (await (await db()).select().from(students).where(eq(students.id, student.id)))[0]
        ?.competences;
    expect(await read()).toEqual(first.body.data?.attributes.scores);

    const retake = await submit(
      { answers: { ...topAnswers(), 'communication.1': 0 }, contact: contact() },
      headers,
    );
    expect(retake.status).toBe(200);
    expect(retake.body.data?.id).not.toBe(first.body.data?.id);
    expect(retake.body.data?.attributes.scores.communication).toBe(4.5);
    expect(await read()).toEqual(retake.body.data?.attributes.scores);

    const [row] = await (
      await db()
    )
      .select({ n: count() })
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.studentId, student.id));
    expect(row?.n).toBe(2);

    const me = await send(app, 'GET', '/api/questionnaire/me', { headers });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(retake.body.data?.id);
    expect(me.body.data.attributes).toEqual(retake.body.data?.attributes);
  });

  it('are untouched by an answer that fails validation', async () => {
    const { student, headers } = await signedInStudent();
    await submit({ answers: topAnswers(), contact: contact() }, headers);
    const before = (
      await (await db()).select().from(students).where(eq(students.id, student.id))
    )[0]?.competences;
    const bad = await submit(
      { answers: { ...topAnswers(), 'flexibility.1': 9 }, contact: contact() },
      headers,
    );
    expect(bad.status).toBe(400);
    const after = (await (await db()).select().from(students).where(eq(students.id, student.id)))[0]
      ?.competences;
    expect(after).toEqual(before);
  });

  it('are not written when a teacher answers: the answer is stored unlinked', async () => {
    const teacher = await signedIn(app, 'teacher');
    const email = uniqueEmail('docente');
    const { status } = await submit(
      { answers: topAnswers(), contact: contact(email) },
      teacher.headers,
    );
    expect(status).toBe(200);
    const [row] = await (
      await db()
    )
      .select({ studentId: questionnaireAnswers.studentId })
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.email, email));
    expect(row).toEqual({ studentId: null });
  });
});

describe('GET /api/questionnaire/me', () => {
  it('answers {data: null} to a student who never answered, 401 to a visitor, 403 to other roles', async () => {
    const { headers } = await signedInStudent();
    const none = await send(app, 'GET', '/api/questionnaire/me', { headers });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: null });
    expect((await send(app, 'GET', '/api/questionnaire/me')).status).toBe(401);
    const teacher = await signedIn(app, 'teacher');
    expect(
      (await send(app, 'GET', '/api/questionnaire/me', { headers: teacher.headers })).status,
    ).toBe(403);
  });
});

describe('privacy of the answers', () => {
  it('another student reads neither the result nor the contact data of a student’s answer', async () => {
    const owner = await signedInStudent();
    const other = await signedInStudent();
    const email = uniqueEmail('privado');
    const answered = await submit(
      { answers: topAnswers(), contact: contact(email) },
      owner.headers,
    );
    const id = answered.body.data!.id;

    const mine = await send(app, 'GET', `/api/questionnaire-answers/${id}`, {
      headers: owner.headers,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.attributes.email).toBe(email);

    expect(
      (await send(app, 'GET', `/api/questionnaire-answers/${id}`, { headers: other.headers }))
        .status,
    ).toBe(404);
    const list = await send(app, 'GET', '/api/questionnaire-answers', { headers: other.headers });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(email);
    const others = await send(app, 'GET', '/api/questionnaire/me', { headers: other.headers });
    expect(others.body).toEqual({ data: null });
    // Visitors may read no answer at all (the type is closed to them, as Strapi's public role).
    expect((await send(app, 'GET', `/api/questionnaire-answers/${id}`)).status).toBe(403);
  });

  it('no client but an admin writes scores through the generic route', async () => {
    const { student, headers } = await signedInStudent();
    const forged = await send(app, 'POST', '/api/questionnaire-answers', {
      headers,
      payload: {
        data: { answers: { 'flexibility.1': 0 }, scores: { flexibility: 6 }, student: student.id },
      },
    });
    expect(forged.status).toBe(403);
    const [row] = await (
      await db()
    )
      .select({ n: count() })
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.studentId, student.id));
    expect(row?.n).toBe(0);
  });
});

describe('rate limit', () => {
  it('limits a signed-in user to 20 answers an hour', async () => {
    const { headers } = await signedIn(app, 'coordinator');
    for (let i = 0; i < 20; i += 1) {
      expect((await submit({ answers: topAnswers(), contact: contact() }, headers)).status).toBe(
        200,
      );
    }
    const over = await submit({ answers: topAnswers(), contact: contact() }, headers);
    expect(over.status).toBe(429);
    expect(over.body.error?.name).toBe('RateLimitError');
    // Said to a person, in Spanish, with the wait Retry-After gives (ADR 0032).
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(over.headers['content-language']).toBe('es');
    expect(over.body.error?.message).toBe(tooManyRequestsMessage(retryAfter));
    expect(over.body.error?.message).toMatch(
      /^Has hecho demasiadas solicitudes seguidas\. Vuelve a intentarlo dentro de \d+ (minutos?|segundos?)\.$/,
    );
  });
});

describe('rate limit of visitors', () => {
  it('when one address sends more than 120 answers in an hour, the next is 429 and not stored', async () => {
    const address = uniqueIp();
    for (let i = 0; i < 120; i += 1) {
      expect(
        (await submit({ answers: topAnswers(), contact: contact() }, {}, address)).status,
      ).toBe(200);
    }
    const email = uniqueEmail('limite');
    const over = await submit({ answers: topAnswers(), contact: contact(email) }, {}, address);
    expect(over.status).toBe(429);
    expect(await rowsWithEmail(email)).toBe(0);
    expect((await submit({ answers: topAnswers(), contact: contact() })).status).toBe(200);
  });
});

type SchemaObject = OpenAPIV3.SchemaObject;

describe('OpenAPI', () => {
  it('describes both questionnaire routes and every item of the body', async () => {
    const doc = (
      await app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json<OpenAPIV3.Document>();
    expect(Object.keys(doc.paths['/api/questionnaire/me'] ?? {})).toEqual(['get']);
    const body = doc.paths['/api/questionnaire/submit']?.post
      ?.requestBody as OpenAPIV3.RequestBodyObject;
    const { $ref } = body.content['application/json']?.schema as OpenAPIV3.ReferenceObject;
    const submission = doc.components?.schemas?.[$ref.split('/').pop() ?? ''] as SchemaObject;
    const answers = submission.properties?.answers as SchemaObject | undefined;
    expect(Object.keys(answers?.properties ?? {})).toEqual(COMPETENCE_ITEMS.map((i) => i.value));
    expect(answers?.required).toEqual(
      COMPETENCE_ITEMS.filter((i) => !i.optional).map((i) => i.value),
    );
  });
});
