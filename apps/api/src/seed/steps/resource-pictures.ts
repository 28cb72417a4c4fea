import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImageFormatName, ThesisStage } from '@plataforma/shared';
import { files, users } from '../../db/schema/index';
import { IMAGE_FORMATS } from '../../features/upload/upload.images';
import type { FileFormats } from '../../features/upload/upload.presenter';
import { PUBLIC_PREFIX } from '../../lib/storage';
import type { ResourceSeed } from '../fixtures/library';
import { createRandom } from '../random';
import { must, slug, type SeedContext } from './context';

/**
 * The demo resources' pictures (ADR 0042): a flat illustration per resource, composed in SVG here
 * and rendered with sharp at seed time, so the cards of /resources show pictures instead of the
 * placeholder. The background's colours follow the resource's first thesis stage, the pictogram
 * in the middle its first purpose; the shapes around it are placed by a random seeded with the
 * title, so the same fixtures always draw the same pictures. No text is drawn: the card says it.
 */

export const ILLUSTRATION_SIZE = { width: 1200, height: 630 } as const;

/** Soft, brand-neutral backgrounds (the brand's colour changes per university). */
interface Palette {
  from: string;
  to: string;
  /** Shapes around the pictogram. */
  soft: string;
  /** The pictogram's fills and the dots. */
  strong: string;
  /** Said in the alternative text. */
  name: string;
}

const PALETTES: Record<ThesisStage, Palette> = {
  unknown: { from: '#EEF0FF', to: '#D8DCF7', soft: '#B9C0F0', strong: '#5F68C4', name: 'lila' },
  choosing: {
    from: '#E7F6F2',
    to: '#C6E8E0',
    soft: '#97D3C6',
    strong: '#2C8C7E',
    name: 'verde agua',
  },
  doing: { from: '#FFF5E8', to: '#F7DDBA', soft: '#F2C189', strong: '#C46F22', name: 'arena' },
  finished: { from: '#E9F1FB', to: '#C9DBF1', soft: '#9DBCE3', strong: '#356AA6', name: 'azul' },
};

const INK = '#1E293B';

/** A pictogram drawn in a 200×200 box, in ink strokes with fills of the palette's strong colour. */
interface Pictogram {
  /** What it shows, for the alternative text ("una brújula"). */
  shows: string;
  /** `fill`: the palette's strong colour; `soft`: its light one. */
  draw: (fill: string, soft: string) => string;
}

const line = (d: string) =>
  `<path d="${d}" fill="none" stroke="${INK}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`;
const shape = (d: string, fill: string) =>
  `<path d="${d}" fill="${fill}" stroke="${INK}" stroke-width="9" stroke-linejoin="round"/>`;
const circle = (cx: number, cy: number, r: number, fill = 'none') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${INK}" stroke-width="9"/>`;

const PICTOGRAMS = {
  compass: {
    shows: 'una brújula',
    draw: (fill) =>
      circle(100, 100, 78) +
      shape('M100 42 L118 100 L100 158 L82 100 Z', fill) +
      circle(100, 100, 8, '#fff'),
  },
  globe: {
    shows: 'un globo terráqueo',
    draw: (_fill, soft) =>
      circle(100, 100, 76, soft) +
      line('M24 100 H176 M100 24 C64 60 64 140 100 176 M100 24 C136 60 136 140 100 176') +
      line('M36 62 H164 M36 138 H164'),
  },
  chart: {
    shows: 'un gráfico de barras que crece',
    draw: (fill) =>
      shape('M34 170 V120 H64 V170 Z', fill) +
      shape('M84 170 V92 H114 V170 Z', fill) +
      shape('M134 170 V62 H164 V170 Z', fill) +
      line('M22 176 H178') +
      line('M30 92 L80 56 L110 72 L160 30 M134 30 H160 V56'),
  },
  calendar: {
    shows: 'un calendario con una fecha marcada',
    draw: (fill) =>
      shape('M30 48 H170 V172 H30 Z', '#fff') +
      shape('M30 48 H170 V82 H30 Z', fill) +
      line('M64 30 V60 M136 30 V60') +
      shape('M116 126 H146 V152 H116 Z', fill) +
      line('M56 106 H72 M92 106 H108 M128 106 H144 M56 138 H72 M92 138 H108'),
  },
  cap: {
    shows: 'un birrete de graduación',
    draw: (fill) =>
      shape('M100 40 L184 80 L100 120 L16 80 Z', fill) +
      line('M52 98 V140 C52 160 148 160 148 140 V98') +
      line('M176 84 V132') +
      circle(176, 140, 7, fill),
  },
  briefcase: {
    shows: 'un maletín de trabajo',
    draw: (fill) =>
      shape('M24 66 H176 V166 H24 Z', fill) +
      line('M74 66 V46 H126 V66') +
      line('M24 108 H176') +
      shape('M88 98 H112 V120 H88 Z', '#fff'),
  },
  book: {
    shows: 'un libro abierto',
    draw: (fill) =>
      shape('M100 58 C80 42 48 40 20 46 V160 C48 154 80 156 100 170 Z', '#fff') +
      shape('M100 58 C120 42 152 40 180 46 V160 C152 154 120 156 100 170 Z', fill) +
      line('M40 74 C56 72 70 74 82 80 M40 102 C56 100 70 102 82 108 M40 130 C56 128 70 130 82 136'),
  },
  bubbles: {
    shows: 'dos bocadillos de conversación',
    draw: (fill) =>
      shape('M20 38 H128 V108 H64 L40 130 V108 H20 Z', fill) +
      shape('M76 92 H180 V160 H162 V180 L140 160 H76 Z', '#fff') +
      line('M46 72 H102 M102 126 H154'),
  },
  checklist: {
    shows: 'una lista con casillas marcadas',
    draw: (fill) =>
      shape('M40 24 H160 V180 H40 Z', '#fff') +
      shape('M58 52 H80 V74 H58 Z', fill) +
      shape('M58 94 H80 V116 H58 Z', fill) +
      shape('M58 136 H80 V158 H58 Z', '#fff') +
      line('M96 64 H142 M96 106 H142 M96 148 H130') +
      line('M62 62 L68 68 L78 56 M62 104 L68 110 L78 98'),
  },
  document: {
    shows: 'un documento con un resumen destacado',
    draw: (fill) =>
      shape('M46 22 H126 L156 52 V178 H46 Z', '#fff') +
      line('M126 22 V52 H156') +
      shape('M64 74 H138 V106 H64 Z', fill) +
      line('M66 128 H136 M66 152 H118'),
  },
  pie: {
    shows: 'un gráfico circular con un sector destacado',
    draw: (fill) =>
      shape('M92 108 L92 38 A70 70 0 1 0 162 108 Z', '#fff') +
      line('M92 108 L43 157') +
      shape('M104 96 L104 26 A70 70 0 0 1 174 96 Z', fill),
  },
  books: {
    shows: 'una estantería con libros',
    draw: (fill) =>
      shape('M30 46 H60 V168 H30 Z', fill) +
      shape('M66 62 H96 V168 H66 Z', '#fff') +
      shape('M104 56 L132 48 L162 160 L134 168 Z', fill) +
      line('M18 176 H182 M38 70 H52 M74 86 H88'),
  },
  megaphone: {
    shows: 'un megáfono',
    draw: (fill) =>
      shape('M34 84 H70 L150 42 V158 L70 116 H34 Z', fill) +
      line('M58 116 L70 164 H92 L84 116') +
      line('M168 78 C178 90 178 110 168 122 M150 100 H150'),
  },
  magnifier: {
    shows: 'una lupa sobre unos datos',
    draw: (fill) =>
      shape('M26 150 V112 H48 V150 Z', fill) +
      shape('M60 150 V90 H82 V150 Z', fill) +
      circle(122, 78, 46, '#fff') +
      line('M156 112 L184 140') +
      line('M102 86 L116 72 L128 82 L144 64'),
  },
  access: {
    shows: 'el símbolo de la accesibilidad universal',
    draw: (fill) =>
      circle(100, 100, 82, fill) +
      circle(100, 50, 13, '#fff') +
      line('M52 78 L100 88 L148 78 M100 88 V120 M100 120 L78 160 M100 120 L122 160'),
  },
  signpost: {
    shows: 'un poste con flechas que señalan caminos',
    draw: (fill) =>
      line('M100 24 V184 M70 184 H130') +
      shape('M100 42 H160 L180 62 L160 82 H100 Z', fill) +
      shape('M100 96 H40 L20 116 L40 136 H100 Z', '#fff'),
  },
  people: {
    shows: 'tres personas juntas',
    draw: (fill) =>
      circle(52, 74, 20, '#fff') +
      circle(148, 74, 20, '#fff') +
      shape('M20 160 C20 124 84 124 84 160 Z', '#fff') +
      shape('M116 160 C116 124 180 124 180 160 Z', '#fff') +
      circle(100, 66, 26, fill) +
      shape('M56 170 C56 118 144 118 144 170 Z', fill),
  },
  heart: {
    shows: 'un corazón sostenido por una mano',
    draw: (fill) =>
      shape(
        'M100 112 C60 84 52 46 78 36 C92 30 100 42 100 50 C100 42 108 30 122 36 C148 46 140 84 100 112 Z',
        fill,
      ) +
      line('M24 138 H60 L92 150 H128 C140 150 140 166 128 166 H96 M60 176 H24') +
      line('M128 150 L168 130 C180 124 188 140 176 148 L120 184 H60'),
  },
  leaf: {
    shows: 'una hoja junto a un reloj',
    draw: (fill) =>
      shape('M28 172 C28 96 76 48 150 40 C150 116 104 168 28 172 Z', fill) +
      line('M28 172 C64 130 92 102 126 70') +
      circle(150, 142, 32, '#fff') +
      line('M150 124 V142 H166'),
  },
} satisfies Record<string, Pictogram>;

type PictogramName = keyof typeof PICTOGRAMS;

/**
 * Each purpose's pictograms, in the order resources with that first purpose take them (so two
 * resources with the same purpose still differ). Other purposes get a document.
 */
const BY_PURPOSE: Record<string, PictogramName[]> = {
  'Medir el impacto social': ['compass', 'globe', 'chart'],
  'Mejorar la empleabilidad juvenil': ['calendar', 'cap', 'briefcase'],
  'Fomentar la alfabetización mediática': ['book'],
  'Impulsar la participación ciudadana': ['bubbles', 'checklist'],
  'Acercar la ciencia a la sociedad': ['document', 'bubbles', 'pie', 'books', 'megaphone'],
  'Mejorar la transparencia institucional': ['magnifier'],
  'Mejorar la accesibilidad universal': ['access'],
  'Fortalecer el tercer sector': ['signpost'],
  'Fomentar el voluntariado': ['people'],
  'Fomentar la inclusión social': ['heart'],
  'Mejorar la salud mental': ['leaf'],
};

/** FNV-1a: a stable number from a text, to seed the shapes of its picture. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export interface Illustration {
  svg: string;
  /** The alternative text (Spanish), stored on the picture's file. */
  alt: string;
}

/**
 * The SVG of a resource's picture. `nth` is how many resources before it share its first
 * purpose: it picks the next pictogram of that purpose.
 */
export function resourceIllustration(seed: ResourceSeed, nth = 0): Illustration {
  const { width, height } = ILLUSTRATION_SIZE;
  const palette = PALETTES[seed.stages[0] ?? 'unknown'];
  const choices = BY_PURPOSE[seed.purposes[0] ?? ''] ?? ['document'];
  const name = must(choices[nth % choices.length], `pictogram of ${seed.title}`);
  const pictogram: Pictogram = PICTOGRAMS[name];
  const rng = createRandom(hashText(seed.title));
  const at = (min: number, max: number) => Math.round(min + rng.next() * (max - min));

  const shapes: string[] = [];
  // Large soft circles, kept to the sides so the middle stays calm.
  for (let i = 0; i < 4; i++) {
    const left = i % 2 === 0;
    shapes.push(
      `<circle cx="${left ? at(-60, 320) : at(880, 1260)}" cy="${at(-40, height + 40)}" r="${at(90, 230)}" fill="${palette.soft}" opacity="${(0.35 + rng.next() * 0.3).toFixed(2)}"/>`,
    );
  }
  // A few rounded squares and rings, turned.
  for (let i = 0; i < 5; i++) {
    const size = at(34, 84);
    const x = i % 2 === 0 ? at(80, 380) : at(820, 1120);
    const y = at(40, height - 100);
    shapes.push(
      rng.chance(0.5)
        ? `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${Math.round(size / 4)}" fill="${palette.strong}" opacity="0.22" transform="rotate(${at(-30, 30)} ${x + size / 2} ${y + size / 2})"/>`
        : `<circle cx="${x}" cy="${y}" r="${Math.round(size / 2)}" fill="none" stroke="${palette.strong}" stroke-width="8" opacity="0.35"/>`,
    );
  }
  // A grid of dots in one corner.
  const dotsX = rng.chance(0.5) ? 90 : 960;
  const dotsY = rng.chance(0.5) ? 70 : 440;
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 6; column++) {
      shapes.push(
        `<circle cx="${dotsX + column * 26}" cy="${dotsY + row * 26}" r="5" fill="${palette.strong}" opacity="0.4"/>`,
      );
    }
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${shapes.join('\n')}
<circle cx="608" cy="327" r="196" fill="${INK}" opacity="0.08"/>
<circle cx="600" cy="315" r="196" fill="#FFFFFF"/>
<g transform="translate(470 185) scale(1.3)">${pictogram.draw(palette.strong, palette.soft)}</g>
</svg>`;
  return {
    svg,
    alt: `Ilustración: ${pictogram.shows} en un círculo blanco, sobre un fondo ${palette.name} con formas geométricas.`,
  };
}

export interface RenderedIllustration extends Illustration {
  /** WebP, `ILLUSTRATION_SIZE`. */
  bytes: Buffer;
  /** The upload's smaller copies (`thumbnail`, `small`), as an uploaded image gets them. */
  formats: { name: ImageFormatName; data: Buffer; width: number; height: number }[];
}

/** The picture of a resource, drawn and encoded: the same fixture gives the same bytes. */
export async function renderResourceIllustration(
  seed: ResourceSeed,
  nth = 0,
): Promise<RenderedIllustration> {
  const illustration = resourceIllustration(seed, nth);
  // Drawn once to pixels; the picture and its copies are encoded from them.
  const { data: pixels, info: size } = await sharp(Buffer.from(illustration.svg))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raster = () =>
    sharp(pixels, { raw: { width: size.width, height: size.height, channels: size.channels } });
  const [bytes, ...formats] = await Promise.all([
    raster().webp({ quality: 82 }).toBuffer(),
    ...IMAGE_FORMATS.map(async (format) => {
      const { data, info } = await raster()
        .resize({ width: format.width, height: format.height, fit: 'inside' })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return { name: format.name, data, width: info.width, height: info.height };
    }),
  ]);
  return { ...illustration, bytes, formats };
}

/** For each resource, how many before it share its first purpose (`nth` of its picture). */
export function illustrationOrder(resources: readonly ResourceSeed[]): number[] {
  const seen = new Map<string, number>();
  return resources.map((seed) => {
    const purpose = seed.purposes[0] ?? '';
    const nth = seen.get(purpose) ?? 0;
    seen.set(purpose, nth + 1);
    return nth;
  });
}

/** Strapi's size unit: kilobytes with two decimals. */
const toKb = (bytes: number) => Math.round(bytes / 10) / 100;

/**
 * Draws every resource's picture and stores it as an admin's upload of a public image would be
 * (features/upload): the WebP and its `thumbnail` and `small` copies under public keys of the
 * app's storage, a `files` row (uploaded by the demo admin) with its public address, its formats
 * and the Spanish alternative text. Keys go to `ctx.storedKeys` as they are written: if the seed
 * fails, demo.ts removes them. Answers the files' ids in the order of `resources`.
 */
export async function storeResourcePictures(
  ctx: SeedContext,
  resources: readonly ResourceSeed[],
): Promise<number[]> {
  const { tx, storage, storedKeys } = ctx;
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.es'))
    .limit(1);
  const order = illustrationOrder(resources);
  const drawn = await Promise.all(
    resources.map((seed, index) => renderResourceIllustration(seed, order[index])),
  );
  const prepared = drawn.map((picture, index) => {
    const seed = must(resources[index], 'resource seed');
    const hash = randomBytes(16).toString('hex');
    const name = `${slug(seed.title).replaceAll('.', '-').slice(0, 120)}.webp`;
    const formats: FileFormats = {};
    for (const format of picture.formats) {
      const key = `${PUBLIC_PREFIX}${format.name}_${hash}.webp`;
      formats[format.name] = {
        name: `${format.name}_${name}`,
        hash: `${format.name}_${hash}`,
        ext: '.webp',
        mime: 'image/webp',
        path: null,
        width: format.width,
        height: format.height,
        size: toKb(format.data.length),
        sizeInBytes: format.data.length,
        url: storage.publicUrl(key),
      };
    }
    return { picture, hash, name, formats, key: `${PUBLIC_PREFIX}${hash}.webp` };
  });
  await Promise.all(
    prepared.flatMap(({ picture, hash, key }) => [
      (async () => {
        storedKeys.push(key);
        await storage.put(key, picture.bytes, 'image/webp');
      })(),
      ...picture.formats.map(async (format) => {
        const formatKey = `${PUBLIC_PREFIX}${format.name}_${hash}.webp`;
        storedKeys.push(formatKey);
        await storage.put(formatKey, format.data, 'image/webp');
      }),
    ]),
  );
  const rows = await tx
    .insert(files)
    .values(
      prepared.map(({ picture, hash, name, formats, key }) => ({
        name,
        alternativeText: picture.alt,
        caption: null,
        width: ILLUSTRATION_SIZE.width,
        height: ILLUSTRATION_SIZE.height,
        formats,
        hash,
        ext: '.webp',
        mime: 'image/webp',
        size: toKb(picture.bytes.length),
        url: storage.publicUrl(key),
        previewUrl: null,
        provider: storage.provider,
        provider_metadata: null,
        isPrivate: false,
        storageKey: key,
        uploadedById: admin?.id ?? null,
      })),
    )
    .returning({ id: files.id, storageKey: files.storageKey });
  return prepared.map(({ key }) =>
    must(rows.find((row) => row.storageKey === key)?.id, `picture file ${key}`),
  );
}
