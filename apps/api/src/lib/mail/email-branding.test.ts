import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '@plataforma/shared';
import { buildApp } from '../../app';
import { brandingSaas, brandings } from '../../db/schema';
import { TEST_CONFIG } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { buildMailingApp, postponePendingEmails, uniqueEmail } from '../../../test/helpers/email';
import { asAdmin, createFile } from '../../../test/helpers/factories';
import { SmtpSink } from '../../../test/helpers/smtp-sink';
import { upload } from '../../../test/helpers/upload';
import { EMAIL_LOGO_PATH, drawEmailLogo } from './email-logo';
import { loadRenderContext, queueEmail } from './outbox';
import { renderEmail } from './templates';

const PUBLIC_URL = TEST_CONFIG.publicUrl;
const LINK = `${PUBLIC_URL}/profile`;
/** A logo as universities draw them: a coloured square and the name, in SVG. */
const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32">' +
    '<rect width="32" height="32" fill="#0F766E"/><rect x="40" y="8" width="80" height="16" fill="#0B1660"/></svg>',
);

/** Attributes of `style` on the first element of `html` matching `tag` and holding `text`. */
function styleOf(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  if (!match) throw new Error(`nothing matches ${String(pattern)}`);
  return /style="([^"]*)"/.exec(match[0])?.[1] ?? '';
}
const cssValue = (style: string, property: string) =>
  new RegExp(`(?:^|;)${property}:([^;]+)`).exec(style)?.[1];

/** The branding row as the worker's tests left it, put back after each test that changes it. */
let saved: (typeof brandingSaas.$inferSelect)[] = [];
let savedMenu: (typeof brandings.$inferSelect)[] = [];
async function setBranding(values: Partial<typeof brandingSaas.$inferInsert>) {
  const { db } = await getTestDatabase();
  const [row] = await db.select().from(brandingSaas).orderBy(asc(brandingSaas.id)).limit(1);
  if (row) await db.update(brandingSaas).set(values).where(eq(brandingSaas.id, row.id));
  else await db.insert(brandingSaas).values(values);
}

let app: FastifyInstance;
beforeAll(async () => {
  const { db } = await getTestDatabase();
  saved = await db.select().from(brandingSaas);
  savedMenu = await db.select().from(brandings);
  // An app of its own, so the answer cache and the drawn logo are this file's.
  app = await buildApp({ config: TEST_CONFIG, db, logger: false });
  await app.ready();
});
afterEach(async () => {
  const { db } = await getTestDatabase();
  await db.delete(brandingSaas);
  if (saved.length > 0) await db.insert(brandingSaas).values(saved);
  await db.delete(brandings);
  if (savedMenu.length > 0) await db.insert(brandings).values(savedMenu);
});
afterAll(async () => {
  await app.close();
});

describe('emails carry the branding (ADR 0032)', () => {
  it('when the branding has colours and a logo, the email shows them, and no default blue is left', () => {
    const { html } = renderEmail(
      'reset',
      { name: 'Ana', link: LINK },
      {
        projectName: 'Campus Solidario',
        publicUrl: PUBLIC_URL,
        mainColor: '#0F766E',
        footerColor: '#3B0764',
        logoUrl: `${PUBLIC_URL}${EMAIL_LOGO_PATH}?v=abc123`,
      },
    );
    expect(html).toContain(
      `<img src="${PUBLIC_URL}${EMAIL_LOGO_PATH}?v=abc123" alt="Campus Solidario" width="240" height="48"`,
    );
    const button = styleOf(html, /<a href="[^"]*"[^>]*>Elegir una contraseña nueva<\/a>/);
    expect(cssValue(button, 'background')).toBe('#0F766E');
    expect(cssValue(button, 'color')).toBe('#FFFFFF');
    expect(styleOf(html, /<div style="padding:20px 24px[^>]*>/)).toContain('solid #0F766E');
    const footer = styleOf(html, /<div style="[^"]*background:#3B0764[^>]*>/);
    expect(cssValue(footer, 'color')).toBe('#FFFFFF');
    expect(html.toUpperCase()).not.toContain('#1226AA');
  });

  it('when the brand colour is light, the button text turns dark and links darken until they read (4.5:1)', () => {
    const { html } = renderEmail(
      'reset',
      { name: 'Ana', link: LINK },
      { projectName: 'Campus Solidario', publicUrl: PUBLIC_URL, mainColor: '#F2B705' },
    );
    const button = styleOf(html, /<a href="[^"]*"[^>]*>Elegir una contraseña nueva<\/a>/);
    const buttonText = cssValue(button, 'color')!;
    expect(contrastRatio(buttonText, '#F2B705')).toBeGreaterThanOrEqual(4.5);
    const link = styleOf(html, /<a href="[^"]*" style="color:[^"]*word-break[^>]*>/);
    const ink = cssValue(link, 'color')!;
    expect(ink.toUpperCase()).not.toBe('#F2B705');
    expect(contrastRatio(ink, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    // Without a logo the project's name heads the email, in the readable ink.
    expect(html).toContain(
      `<h1 style="font-size:20px;line-height:1.2;color:${ink};margin:0">Campus Solidario</h1>`,
    );
  });

  it('when a colour in the branding is not a colour, the default theme is used instead of it', () => {
    const { html } = renderEmail(
      'login',
      { name: 'Ana', link: LINK },
      { projectName: 'P', publicUrl: PUBLIC_URL, mainColor: 'red;background:url(x)' },
    );
    expect(html).not.toContain('url(x)');
    expect(html).toContain('background:#1226AA');
  });

  it('the render context takes the logo the header shows: a logo of this site as the PNG address under PUBLIC_URL, another site’s only if mail clients show it', async () => {
    await setBranding({
      projectName: 'Campus Solidario',
      mainColor: '#0F766E',
      footerColor: '#3B0764',
      logoUrl: '/uploads/logo.svg',
    });
    const { db } = await getTestDatabase();
    const own = await loadRenderContext(db, { publicUrl: PUBLIC_URL });
    expect(own).toMatchObject({
      projectName: 'Campus Solidario',
      mainColor: '#0F766E',
      footerColor: '#3B0764',
    });
    expect(own.logoUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}${EMAIL_LOGO_PATH.replaceAll('.', '\\.')}\\?v=[0-9a-f]{16}$`),
    );

    await setBranding({ logoUrl: `${PUBLIC_URL}/uploads/otro.png` });
    const absolute = await loadRenderContext(db, { publicUrl: PUBLIC_URL });
    expect(absolute.logoUrl).toMatch(/\/api\/email\/logo\.png\?v=/);
    expect(absolute.logoUrl).not.toBe(own.logoUrl);

    await setBranding({ logoUrl: 'https://cdn.universidad.es/marca/logo.png' });
    expect((await loadRenderContext(db, { publicUrl: PUBLIC_URL })).logoUrl).toBe(
      'https://cdn.universidad.es/marca/logo.png',
    );
    await setBranding({ logoUrl: 'https://cdn.universidad.es/marca/logo.svg' });
    expect((await loadRenderContext(db, { publicUrl: PUBLIC_URL })).logoUrl).toBeUndefined();

    // Without a branding logo, the menu logo (spec §3), as the header falls back to it.
    await setBranding({ logoUrl: null });
    const menuLogo = await createFile({ url: '/uploads/menu.png', ext: '.png', mime: 'image/png' });
    await db.delete(brandings);
    await db.insert(brandings).values({ name: 'menu', menuLogoId: menuLogo.id });
    expect((await loadRenderContext(db, { publicUrl: PUBLIC_URL })).logoUrl).toMatch(
      /\/api\/email\/logo\.png\?v=[0-9a-f]{16}$/,
    );
    await db.delete(brandings);
    expect((await loadRenderContext(db, { publicUrl: PUBLIC_URL })).logoUrl).toBeUndefined();
  });
});

describe(`GET ${EMAIL_LOGO_PATH}`, () => {
  it('when the logo is an uploaded SVG, it answers a PNG of it fitted in 480×96 on white', async () => {
    const admin = await asAdmin(app);
    const uploaded = await upload(app, admin, [{ data: SVG_LOGO, filename: 'logo.svg' }], {
      visibility: 'public',
    });
    expect(uploaded.status).toBe(201);
    const [file] = uploaded.body as { url: string }[];
    await setBranding({ logoUrl: file!.url });

    const res = await app.inject({ method: 'GET', url: `${EMAIL_LOGO_PATH}?v=0123abcd` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // Webmail shows it from its own origin: the API's same-origin rule does not hold here.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: 480, height: 96 });
    // The logo's teal square at the left edge, white where the logo ends.
    const pixel = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    expect(pixel(10, 48)).toEqual([15, 118, 110]);
    expect(pixel(470, 48)).toEqual([255, 255, 255]);
  });

  it('when the logo is a file of the built site (its public folder), it is drawn too', async () => {
    const webDistDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(webDistDir, 'demo'));
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(webDistDir, 'demo', 'logo.svg'), SVG_LOGO);
    const { db } = await getTestDatabase();
    const site = await buildApp({ config: { ...TEST_CONFIG, webDistDir }, db, logger: false });
    try {
      await setBranding({ logoUrl: '/demo/logo.svg' });
      const res = await site.inject({ method: 'GET', url: EMAIL_LOGO_PATH });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    } finally {
      await site.close();
      await rm(webDistDir, { recursive: true, force: true });
    }
  });

  it('when there is no logo, it is elsewhere, or it cannot be read, the answer is 404', async () => {
    await setBranding({ logoUrl: null });
    const { db } = await getTestDatabase();
    await db.delete(brandings);
    expect((await app.inject({ method: 'GET', url: EMAIL_LOGO_PATH })).statusCode).toBe(404);
    await setBranding({ logoUrl: 'https://cdn.universidad.es/logo.svg' });
    expect((await app.inject({ method: 'GET', url: EMAIL_LOGO_PATH })).statusCode).toBe(404);
    await setBranding({ logoUrl: '/uploads/00000000000000000000000000000000.svg' });
    expect((await app.inject({ method: 'GET', url: EMAIL_LOGO_PATH })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${EMAIL_LOGO_PATH}?v=x<y` })).statusCode).toBe(
      400,
    );
  });

  it('drawing keeps a raster logo inside the box', async () => {
    const wide = await sharp({
      create: { width: 1200, height: 100, channels: 3, background: { r: 200, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const png = await drawEmailLogo(wide);
    expect(await sharp(png).metadata()).toMatchObject({ width: 480, height: 96, format: 'png' });
  });
});

describe('a branded email delivered by SMTP', () => {
  let sink: SmtpSink;
  let mailing: FastifyInstance;
  beforeAll(async () => {
    // The test times one send: what other files left waits.
    await postponePendingEmails();
    sink = await SmtpSink.start();
    mailing = await buildMailingApp(sink.url);
  });
  afterAll(async () => {
    await mailing.close();
    await sink.close();
  });

  it('when an email is delivered, it shows the university’s name, colours and logo, whose address answers a PNG', async () => {
    const admin = await asAdmin(mailing);
    const uploaded = await upload(mailing, admin, [{ data: SVG_LOGO, filename: 'logo.svg' }], {
      visibility: 'public',
    });
    const [file] = uploaded.body as { url: string }[];
    await setBranding({
      projectName: 'Campus Solidario',
      mainColor: '#0F766E',
      footerColor: '#3B0764',
      logoUrl: file!.url,
    });
    const to = uniqueEmail('marca');
    const { db } = await getTestDatabase();
    await db.transaction(async (tx) => {
      await queueEmail(
        tx,
        to,
        'confirmApply',
        { name: 'Lucía', projectName: 'Huertos urbanos', link: LINK },
        await loadRenderContext(tx, mailing.config),
      );
    });
    const [mail] = await sink.waitFor(to, 1, 5_000);
    expect(mail!.html).toContain('background:#0F766E');
    expect(mail!.html).toContain('background:#3B0764');
    expect(mail!.text).toContain('Este mensaje lo envía automáticamente Campus Solidario');
    const src = /<img src="([^"]+)" alt="Campus Solidario"/.exec(mail!.html)?.[1];
    expect(src?.startsWith(`${PUBLIC_URL}${EMAIL_LOGO_PATH}?v=`)).toBe(true);
    const logo = await mailing.inject({ method: 'GET', url: src!.slice(PUBLIC_URL.length) });
    expect(logo.statusCode).toBe(200);
    expect((await sharp(logo.rawPayload).metadata()).format).toBe('png');
  });
});
