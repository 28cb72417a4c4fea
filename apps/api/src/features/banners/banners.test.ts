import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import { asAdmin, signedIn, unique } from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';
import { DEMO_BANNERS } from '../../seed/steps/banners';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = await asAdmin(app);
});

/** A valid banner with a unique title; `extra` overrides any field. */
function bannerData(extra: Record<string, unknown> = {}) {
  return {
    title: unique('Campaña'),
    message: 'Inscríbete en la convocatoria de primavera.',
    linkUrl: '/register?profile=student',
    linkLabel: 'Inscribirme',
    placements: [
      { path: '/estudiantes', audiences: [] },
      { path: '/projects', audiences: ['teacher'] },
    ],
    startsAt: '2030-02-05T00:00:00+01:00',
    endsAt: '2030-03-31T23:59:59+02:00',
    publishedAt: '2030-01-01T00:00:00.000Z',
    ...extra,
  };
}

async function createBanner(extra: Record<string, unknown> = {}) {
  const { status, body } = await send(app, 'POST', '/api/banners?populate=placements', {
    headers: admin,
    payload: { data: bannerData(extra) },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Titles of the banners a caller lists among the given titles. */
async function listedTitles(headers: Record<string, string>, titles: string[], preview = false) {
  const query = qs.stringify({
    filters: { title: { $in: titles } },
    populate: 'placements',
    ...(preview ? { publicationState: 'preview' } : {}),
  });
  const { status, body } = await send(app, 'GET', `/api/banners?${query}`, { headers });
  expect(status).toBe(200);
  return body.data.map((b) => b.attributes.title as string).sort();
}

describe('GET /api/banners', () => {
  it('a visitor lists the published banners with their placements and window, not the drafts', async () => {
    const published = await createBanner();
    const draft = await createBanner({ publishedAt: null });
    const titles = [published.attributes.title, draft.attributes.title] as string[];

    expect(await listedTitles({}, titles)).toEqual([published.attributes.title]);
    // Asking for drafts does not show them to a visitor either.
    expect(await listedTitles({}, titles, true)).toEqual([published.attributes.title]);

    const { body } = await send(app, 'GET', `/api/banners/${published.id}?populate=placements`);
    expect(body.data.attributes).toMatchObject({
      message: 'Inscríbete en la convocatoria de primavera.',
      linkUrl: '/register?profile=student',
      linkLabel: 'Inscribirme',
      placements: [
        { path: '/estudiantes', audiences: [] },
        { path: '/projects', audiences: ['teacher'] },
      ],
      startsAt: '2030-02-04T23:00:00.000Z',
      endsAt: '2030-03-31T21:59:59.000Z',
    });
  });

  it('a signed-in student lists the published ones; an admin also the drafts in preview', async () => {
    const published = await createBanner();
    const draft = await createBanner({ publishedAt: null });
    const titles = [published.attributes.title, draft.attributes.title] as string[];
    const { headers: student } = await signedIn(app, 'student');

    expect(await listedTitles(student, titles, true)).toEqual([published.attributes.title]);
    expect(await listedTitles(admin, titles, true)).toEqual([...titles].sort());
  });

  it('filters on the end of the window, as the web does to skip finished campaigns', async () => {
    const old = await createBanner({ startsAt: null, endsAt: '2001-01-31T23:59:59+01:00' });
    const current = await createBanner();
    const query = qs.stringify({
      filters: {
        title: { $in: [old.attributes.title, current.attributes.title] },
        endsAt: { $gt: '2020-01-01T00:00:00.000Z' },
      },
    });
    const { body } = await send(app, 'GET', `/api/banners?${query}`);
    expect(body.data.map((b) => b.id)).toEqual([current.id]);
  });
});

describe('writing banners', () => {
  it.each(['visitor', 'student', 'teacher', 'coordinator'] as const)(
    'a %s cannot create, update or delete a banner (403)',
    async (role) => {
      const headers = role === 'visitor' ? {} : (await signedIn(app, role)).headers;
      const existing = await createBanner();
      const create = await send(app, 'POST', '/api/banners', {
        headers,
        payload: { data: bannerData() },
      });
      expect(create.status).toBe(403);
      const update = await send(app, 'PUT', `/api/banners/${existing.id}`, {
        headers,
        payload: { data: { title: 'Cambiado' } },
      });
      expect([403, 404]).toContain(update.status);
      const remove = await send(app, 'DELETE', `/api/banners/${existing.id}`, { headers });
      expect([403, 404]).toContain(remove.status);
      const after = await send(app, 'GET', `/api/banners/${existing.id}`);
      expect(after.body.data.attributes.title).toBe(existing.attributes.title);
    },
  );

  it('an admin creates, reschedules, unpublishes and deletes a banner', async () => {
    const banner = await createBanner();
    const update = await send(app, 'PUT', `/api/banners/${banner.id}?populate=placements`, {
      headers: admin,
      payload: {
        data: {
          endsAt: '2030-04-15T23:59:59+02:00',
          placements: [{ path: '/projects/*', audiences: ['student', 'visitor'] }],
        },
      },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.data.attributes).toMatchObject({
      endsAt: '2030-04-15T21:59:59.000Z',
      placements: [{ path: '/projects/*', audiences: ['student', 'visitor'] }],
    });

    const unpublish = await send(app, 'PUT', `/api/banners/${banner.id}`, {
      headers: admin,
      payload: { data: { publishedAt: null } },
    });
    expect(unpublish.status).toBe(200);
    expect((await send(app, 'GET', `/api/banners/${banner.id}`)).status).toBe(404);

    const remove = await send(app, 'DELETE', `/api/banners/${banner.id}`, { headers: admin });
    expect(remove.status).toBe(200);
    const gone = await send(app, 'GET', `/api/banners/${banner.id}?publicationState=preview`, {
      headers: admin,
    });
    expect(gone.status).toBe(404);
  });

  it('a placement without audiences is for everyone (audiences default to an empty list)', async () => {
    const banner = await createBanner({ placements: [{ path: '/' }] });
    expect(banner.attributes.placements).toEqual([{ path: '/', audiences: [] }]);
  });

  it('the seeded campaigns of spec §2 pass the same validation', async () => {
    for (const seeded of DEMO_BANNERS) {
      const { status, body } = await send(app, 'POST', '/api/banners', {
        headers: admin,
        payload: {
          data: {
            ...seeded,
            title: unique(seeded.title),
            startsAt: seeded.startsAt?.toISOString() ?? null,
            endsAt: seeded.endsAt.toISOString(),
          },
        },
      });
      expect(status, JSON.stringify(body)).toBe(200);
    }
  });
});

describe('banner validation', () => {
  const invalid: [string, Record<string, unknown>, RegExp][] = [
    [
      'an end before the start',
      { startsAt: '2030-03-01T00:00:00Z', endsAt: '2030-02-01T00:00:00Z' },
      /not allowed/,
    ],
    [
      'an end equal to the start',
      { startsAt: '2030-03-01T00:00:00Z', endsAt: '2030-03-01T00:00:00Z' },
      /not allowed/,
    ],
    ['an end that is not a date', { endsAt: 'el lunes' }, /endsAt must be an ISO 8601 date-time/],
    ['a start that is not a date', { startsAt: '2030-13-45T99:00' }, /startsAt must be an ISO/],
    ['no end', { endsAt: undefined }, /endsAt must be defined/],
    ['an empty title', { title: '   ' }, /title must not be empty/],
    ['a message too long', { message: 'x'.repeat(501) }, /message must be at most 500/],
    ['a javascript: link', { linkUrl: 'javascript:alert(1)' }, /linkUrl must be an http/],
    ['a protocol-relative link', { linkUrl: '//evil.example' }, /linkUrl must be an http/],
    ['a link without its text', { linkLabel: null }, /not allowed/],
    ['no placements', { placements: [] }, /placements must have at least one placement/],
    ['a path that is not a path', { placements: [{ path: 'projects' }] }, /must be a path/],
    ['a path with a query', { placements: [{ path: '/projects?x=1' }] }, /must be a path/],
    [
      'an unknown audience',
      { placements: [{ path: '/', audiences: ['alumni'] }] },
      /placements\.0\.audiences\.0/,
    ],
    [
      'an unknown placement key',
      { placements: [{ path: '/', audiences: [], color: 'red' }] },
      /placements\.0/,
    ],
  ];

  it.each(invalid)('a banner with %s is refused with 400', async (_case, extra, message) => {
    const data = bannerData(extra);
    const { status, body } = await send(app, 'POST', '/api/banners', {
      headers: admin,
      payload: { data },
    });
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error?.name).toBe('ValidationError');
    expect(body.error?.message).toMatch(message);
    const left = await listedTitles(admin, [data.title], true);
    expect(left).toEqual([]);
  });

  it('moving only the end before the existing start is refused and leaves the banner as it was', async () => {
    const banner = await createBanner();
    const { status } = await send(app, 'PUT', `/api/banners/${banner.id}`, {
      headers: admin,
      payload: { data: { endsAt: '2030-01-01T00:00:00Z' } },
    });
    expect(status).toBe(400);
    const after = await send(app, 'GET', `/api/banners/${banner.id}`);
    expect(after.body.data.attributes.endsAt).toBe(banner.attributes.endsAt);
  });
});
