import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLogoQuerySchema } from '@plataforma/shared';
import type { Queryable } from '../../db/handles';
import { brandings, brandingSaas, files } from '../../db/schema';
import { notFound } from '../errors';
import { routeSchema } from '../route-schema';
import { EMAIL_LOGO_BOX } from './templates';

/**
 * The university's logo in emails (ADR 0032). Most mail clients do not show SVG (Outlook, Gmail),
 * nor WebP or AVIF everywhere, and the site's logo is often an SVG: the API draws it as a PNG at
 * this address, under PUBLIC_URL, for every email to point at.
 */
export const EMAIL_LOGO_PATH = '/api/email/logo.png';

/** The logo the site's header shows, and a version that changes when the logo does. */
export interface LogoSource {
  url: string;
  version: string;
}

/** Drawn at twice the box, for sharp screens. */
const SCALE = 2;
const WIDTH = EMAIL_LOGO_BOX.width * SCALE;
const HEIGHT = EMAIL_LOGO_BOX.height * SCALE;
/** Images mail clients show everywhere, used as they are when the logo is on another site. */
const MAIL_SAFE = /\.(?:png|jpe?g|gif)$/i;
/** Images the site serves that the API can draw as a PNG. */
const DRAWABLE = /\.(?:png|jpe?g|gif|webp|avif|svg)$/i;

const version = (...parts: string[]) =>
  createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 16);

/**
 * The site's logo: the branding's `logoUrl` (what the header shows), else the menu logo (spec §3),
 * else none.
 */
export async function loadLogoSource(db: Queryable): Promise<LogoSource | undefined> {
  const [branding] = await db
    .select({ logoUrl: brandingSaas.logoUrl, updatedAt: brandingSaas.updatedAt })
    .from(brandingSaas)
    .orderBy(asc(brandingSaas.id))
    .limit(1);
  const logoUrl = branding?.logoUrl?.trim();
  if (logoUrl)
    return { url: logoUrl, version: version(logoUrl, branding!.updatedAt.toISOString()) };
  const [menu] = await db
    .select({ url: files.url, updatedAt: files.updatedAt })
    .from(brandings)
    .innerJoin(files, eq(files.id, brandings.menuLogoId))
    .orderBy(asc(brandings.id))
    .limit(1);
  return menu?.url
    ? { url: menu.url, version: version(menu.url, menu.updatedAt.toISOString()) }
    : undefined;
}

/**
 * The path of a logo this site serves (`/uploads/...`, `/demo/logo.svg`, or a full address under
 * PUBLIC_URL), or undefined for another site's. The API's own routes are not logos.
 */
function sitePath(url: string, publicUrl: string): string | undefined {
  let path: string | undefined;
  if (url.startsWith('/') && !url.startsWith('//')) {
    path = url;
  } else if (URL.canParse(url) && new URL(url).origin === new URL(publicUrl).origin) {
    const parsed = new URL(url);
    path = `${parsed.pathname}${parsed.search}`;
  }
  return path && !path.startsWith('/api/') && DRAWABLE.test(path.split('?')[0] ?? '')
    ? path
    : undefined;
}

/**
 * The address emails show the logo from: this API's PNG of it for a logo of this site, the logo
 * itself when it is on another site and already PNG, JPEG or GIF, else none (the project's name
 * heads the email; the API fetches nothing from other sites).
 */
export function emailLogoUrl(
  source: LogoSource | undefined,
  publicUrl: string,
): string | undefined {
  if (!source) return undefined;
  if (sitePath(source.url, publicUrl)) return `${publicUrl}${EMAIL_LOGO_PATH}?v=${source.version}`;
  if (!/^https?:\/\//i.test(source.url) || !URL.canParse(source.url)) return undefined;
  return MAIL_SAFE.test(new URL(source.url).pathname) ? source.url : undefined;
}

/** A decoded image may not hold more pixels than this (a logo is small; see upload.images.ts). */
const INPUT_PIXELS = 60_000_000;

/**
 * The logo fitted in the email's box at twice its size, on white, left-aligned, as a PNG. An SVG
 * is drawn at the density that fills the box, so it stays sharp.
 */
export async function drawEmailLogo(image: Buffer): Promise<Buffer> {
  const {
    width = WIDTH,
    height = HEIGHT,
    format,
  } = await sharp(image, {
    limitInputPixels: INPUT_PIXELS,
  }).metadata();
  const density =
    format === 'svg'
      ? Math.min(72 * 20, 72 * Math.max(1, Math.min(WIDTH / width, HEIGHT / height)))
      : undefined;
  return sharp(image, { limitInputPixels: INPUT_PIXELS, ...(density ? { density } : {}) })
    .resize({
      width: WIDTH,
      height: HEIGHT,
      fit: 'contain',
      position: 'left',
      background: '#ffffff',
    })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** How many drawn logos a process keeps (a logo changes rarely; one or two live at a time). */
const DRAWN_KEPT = 4;

/**
 * The PNG of the site's current logo, read through the site's own routes (never the network)
 * and kept by version, so each logo is drawn once per process.
 */
function logoDrawer(app: FastifyInstance): () => Promise<Buffer | undefined> {
  const drawn = new Map<string, Promise<Buffer | undefined>>();
  return async () => {
    const source = await loadLogoSource(app.db);
    const path = source ? sitePath(source.url, app.config.publicUrl) : undefined;
    if (!source || !path) return undefined;
    let png = drawn.get(source.version);
    if (!png) {
      png = (async () => {
        const served = await app.inject({ method: 'GET', url: path });
        const type = String(served.headers['content-type'] ?? '');
        if (served.statusCode !== 200 || !type.startsWith('image/')) return undefined;
        return drawEmailLogo(served.rawPayload).catch(() => undefined);
      })();
      drawn.set(source.version, png);
      if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string);
    }
    const result = await png;
    // A logo that could not be read is tried again next time (it may be uploaded by then).
    if (!result) drawn.delete(source.version);
    return result;
  };
}

/**
 * Answers the PNG, cached a day by browsers and proxies (a new logo comes under a new `v`). Unlike
 * the rest of the API, it may be embedded by other sites: webmail shows it from its own origin.
 */
function sendPng(reply: FastifyReply, png: Buffer | undefined) {
  if (!png) throw notFound();
  return reply
    .type('image/png')
    .header('cache-control', 'public, max-age=86400')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(png);
}

export async function emailLogoRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const currentLogo = logoDrawer(instance);
  app.get(
    EMAIL_LOGO_PATH,
    {
      schema: routeSchema(
        {
          tag: 'mail',
          summary: 'The university’s logo as a PNG for emails (public)',
          description:
            'The branding’s logo (else the menu logo) fitted in 480×96 on white. 404 when there is none or it is on another site.',
          access: 'public',
          errors: [400, 404],
        },
        {
          querystring: emailLogoQuerySchema,
          response: { 200: z.string().meta({ format: 'binary', description: 'PNG' }) },
        },
      ),
    },
    async (_request, reply) => sendPng(reply, await currentLogo()),
  );
}
