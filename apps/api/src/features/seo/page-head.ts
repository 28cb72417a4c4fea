import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brandingSaas, brandings, files, projects, resources, tfxes } from '../../db/schema';
import { PUBLIC_PAGE_HEADS, SERVER_STATE_ID, pageDescription, pageTitle } from '@plataforma/shared';
import { PRIVATE_PATHS } from './seo.paths';

/**
 * What the HTML shell says about a page before any script runs (ADR 0056): its title and
 * description, its canonical address and the Open Graph tags a shared link is previewed with
 * (the brand's logo as the image). Search engines and link previews read these; the app then
 * keeps the title up to date as people move around.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; absent for pages kept out of search engines. */
  canonical?: string;
  /** Absolute URL of the image a shared link shows. */
  image?: string;
  type: 'website' | 'article';
  /** Pages behind a session and unknown addresses: `noindex`. */
  noindex: boolean;
  siteName: string;
}

/** A detail page of something published: its title and text, or undefined when there is none. */
async function detailOf(
  db: Database,
  path: string,
): Promise<{ title: string; text: string | null } | undefined> {
  const match = /^\/(projects|tfx|resources)\/(\d{1,9})$/.exec(path);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (match[1] === 'projects') {
    const [row] = await db
      .select({ title: projects.title, text: projects.description })
      .from(projects)
      .where(
        and(eq(projects.id, id), eq(projects.status, 'Publicada'), isNotNull(projects.publishedAt)),
      );
    return row;
  }
  if (match[1] === 'tfx') {
    const [row] = await db
      .select({ title: tfxes.title, text: tfxes.summary })
      .from(tfxes)
      .where(and(eq(tfxes.id, id), isNotNull(tfxes.publishedAt)));
    return row;
  }
  const [row] = await db
    .select({ title: resources.title, text: resources.introduction })
    .from(resources)
    .where(and(eq(resources.id, id), isNotNull(resources.publishedAt)));
  return row;
}

/** The brand's name and logo (spec §1: the menu logo), read for every page shell. */
async function brandOf(db: Database): Promise<{ name: string | null; logo: string | null }> {
  const [[brand], [logo]] = await Promise.all([
    db
      .select({ name: brandingSaas.projectName })
      .from(brandingSaas)
      .orderBy(brandingSaas.id)
      .limit(1),
    db
      .select({ url: files.url })
      .from(brandings)
      .innerJoin(files, eq(files.id, brandings.menuLogoId))
      .where(eq(files.isPrivate, false))
      .orderBy(brandings.id)
      .limit(1),
  ]);
  return { name: brand?.name?.trim() || null, logo: logo?.url ?? null };
}

/** The head of the page at `path` (no query string), as this university's brand presents it. */
export async function pageHeadFor(
  db: Database,
  publicUrl: string,
  path: string,
): Promise<PageHead> {
  const [brand, detail] = await Promise.all([brandOf(db), detailOf(db, path)]);
  const siteName = brand.name ?? 'Plataforma de impacto social';
  const image = brand.logo ? new URL(brand.logo, `${publicUrl}/`).href : undefined;
  const page = PUBLIC_PAGE_HEADS[path];
  const indexable = Boolean(page ?? detail);
  return {
    title: pageTitle(siteName, detail?.title ?? page?.title),
    description: pageDescription(path, detail?.text),
    ...(indexable ? { canonical: `${publicUrl}${path === '/' ? '/' : path}` } : {}),
    ...(image ? { image } : {}),
    type: detail ? 'article' : 'website',
    noindex: !indexable || PRIVATE_PATHS.some((prefix) => path.startsWith(prefix)),
    siteName,
  };
}

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The element the web reads the branding from before asking for it (ADR 0056). */
export const INITIAL_BRANDING_ID = 'initial-branding';

/**
 * JSON as the text of a `<script type="application/json">`: every `<` escaped, so no value (a
 * brand name holding `</script>`) can end the element; JSON.parse reads `\u003c` back as `<`.
 */
export function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** A page of the built web app and the files its route loads beyond the entry. */
export interface RoutePreload {
  pattern: string;
  files: string[];
}

/**
 * The files to preload for `path`, from the build's route-preloads.json (apps/web/scripts/
 * route-preloads.mjs): the first page whose pattern matches, or none.
 */
export function preloadsFor(preloads: RoutePreload[], path: string): string[] {
  return preloads.find((page) => new RegExp(page.pattern).test(path))?.files ?? [];
}

export interface ShellExtras {
  /** The body of `GET /api/branding-saas?populate=*`. */
  branding?: string | undefined;
  /** Scripts of the page's route, to fetch with the entry (`modulepreload`). */
  preloads?: string[];
  /** The page drawn on the server and the answers it was drawn from (ADR 0060). */
  rendered?: { html: string; state: unknown } | undefined;
}

/** The entry script and the module preloads Vite writes into index.html. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g;

/** The file that starts a drawn page's scripts once it is on screen (apps/web/public/boot.js). */
export const BOOT_SCRIPT = '/boot.js';
/** The element boot.js reads the entry and the modules to preload from. */
export const BOOT_MODULES_ID = 'boot-modules';

/**
 * A drawn page's shell whose scripts start after its first paint (ADR 0060): the entry and the
 * preloads leave the head for a JSON list that boot.js starts from, so the stylesheet, the fonts
 * and the page's images have the connection to themselves until the page is on screen.
 */
function scriptsAfterPaint(
  html: string,
  routePreloads: string[],
): { html: string; tags: string[] } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return { html, tags: [] };
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const modules = { entry, preload: [...preload, ...routePreloads] };
  return {
    html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    tags: [
      `<script id="${BOOT_MODULES_ID}" type="application/json">${scriptJson(JSON.stringify(modules))}</script>`,
      `<script src="${BOOT_SCRIPT}" defer></script>`,
    ],
  };
}

/** The resource hints React writes ahead of a page it renders (images to preload). */
const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/**
 * The shell with `head`: its title and description replace index.html's, and the canonical link,
 * robots rule and Open Graph tags are added before `</head>`. The branding goes in as JSON, so the
 * first screen is drawn in the university's name and colours without waiting for a request (no
 * layout shift when it arrives); the route's scripts are announced so the browser fetches them
 * with the entry rather than after it has run (ADR 0056).
 */
export function withHead(
  html: string,
  head: PageHead,
  { branding, preloads = [], rendered }: ShellExtras = {},
): string {
  // React puts its hints first in what it renders; they belong in the head, not in the root.
  const hints = rendered ? (LEADING_LINKS.exec(rendered.html)?.[0] ?? '') : '';
  const body = rendered ? rendered.html.slice(hints.length) : '';
  const boot = rendered ? scriptsAfterPaint(html, preloads) : { html, tags: [] };
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', 'es_ES'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image) : '',
    meta('name', 'twitter:card', 'summary'),
    // A drawn page carries the branding among its answers.
    branding && !rendered
      ? `<script id="${INITIAL_BRANDING_ID}" type="application/json">${scriptJson(branding)}</script>`
      : '',
    rendered
      ? `<script id="${SERVER_STATE_ID}" type="application/json">${scriptJson(JSON.stringify(rendered.state))}</script>`
      : '',
    hints,
    ...(rendered
      ? boot.tags
      : preloads.map(
          (file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`,
        )),
  ].filter(Boolean);
  return boot.html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () =>
      meta('name', 'description', head.description),
    )
    .replace('</head>', () => `${tags.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}
