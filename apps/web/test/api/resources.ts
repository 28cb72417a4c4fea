import type { ResourceAttributes, TfxAttributes, UploadedFile } from '@plataforma/shared';
import {
  IMPORT_ROW_ACTIONS,
  type ImportAnswer,
  type ImportKind,
  type ImportRow,
} from '@plataforma/shared';
import { collection, entry } from './envelopes';
import { tfxAttributes } from './library';

/**
 * The resources' and the library review's answers as the API gives them (generic Strapi routes
 * and `POST /api/imports/tfxes`), typed by the shared contract (packages/shared/src/schemas/
 * library.ts, imports.ts): a fake that drifts from the API's answer no longer compiles.
 */

type Media = { data: { id: number; attributes: Omit<UploadedFile, 'id'> } | null };

/** A public image as `populate[picture]=*` answers it. */
export function pictureMedia(
  id: number,
  extra: Partial<Omit<UploadedFile, 'id'>> = {},
): NonNullable<Media['data']> {
  return {
    id,
    attributes: {
      name: `imagen-${id}.jpg`,
      alternativeText: null,
      caption: null,
      width: 1600,
      height: 900,
      formats: {
        small: {
          name: `small_imagen-${id}.jpg`,
          hash: `small_h${id}`,
          ext: '.jpg',
          mime: 'image/jpeg',
          path: null,
          width: 500,
          height: 281,
          size: 20.5,
          sizeInBytes: 20_500,
          url: `/uploads/small_imagen-${id}.jpg`,
        },
      },
      hash: `h${id}`,
      ext: '.jpg',
      mime: 'image/jpeg',
      size: 120.4,
      url: `/uploads/imagen-${id}.jpg`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      isPrivate: false,
      createdAt: '2026-10-01T08:00:00.000Z',
      updatedAt: '2026-10-01T08:00:00.000Z',
      ...extra,
    },
  };
}

/** A resource's attributes with plausible values; `extra` overrides any of them. */
export function resourceAttributes(
  title: string,
  extra: Partial<ResourceAttributes> = {},
): ResourceAttributes {
  return {
    title,
    introduction: 'Cinco preguntas para pasar de «no sé qué hacer» a una propuesta concreta.',
    tags: ['Voluntariado'],
    tfx_status: ['choosing'],
    is_popular: false,
    popularity_visits: 12,
    purposes: ['Medir el impacto social'],
    content: '<h2>Empieza por lo que te mueve</h2><p>Haz una lista de tres problemas.</p>',
    link: null,
    publishedAt: '2025-03-12T10:00:00.000Z',
    createdAt: '2025-03-10T10:00:00.000Z',
    updatedAt: '2025-03-14T10:00:00.000Z',
    ...extra,
  };
}

/** A resource entry with its picture (`null`: none). */
export function resourceEntry(
  id: number,
  title: string,
  extra: Partial<ResourceAttributes> & { picture?: Media['data'] } = {},
) {
  const { picture = pictureMedia(100 + id), ...attributes } = extra;
  return {
    id,
    attributes: { ...resourceAttributes(title, attributes), picture: { data: picture } },
  };
}

/** `GET /api/resources?…`: one page of resources. */
export function resourcesAnswer(
  data: ReturnType<typeof resourceEntry>[],
  pagination: { page?: number; pageSize?: number; pageCount?: number; total?: number } = {},
) {
  return collection(data, { pageSize: 12, ...pagination });
}

/** `GET /api/resources/:id`. */
export function resourceAnswer(...args: Parameters<typeof resourceEntry>) {
  const { id, attributes } = resourceEntry(...args);
  return entry(id, attributes);
}

/** `GET /api/students/:id?populate[favorites_resources]…`: the student's saved resources. */
export function favoriteResourcesAnswer(
  studentId: number,
  resources: ReturnType<typeof resourceEntry>[],
) {
  return entry(studentId, { primaryKey: 'E0031', favorites_resources: { data: resources } });
}

/** A work waiting for review, as a new upload is (the library's builder with its state). */
function pendingTfxAttributes(title: string, extra: Partial<TfxAttributes>): TfxAttributes {
  return tfxAttributes(title, {
    summary: 'Un estudio sobre huertos escolares.',
    sector: 'Educación',
    tags: ['Agricultura ecológica'],
    ods: [4],
    degree_name: 'Grado en Magisterio',
    study_area: 'Educación y Magisterio',
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    review_status: 'pending',
    publishedAt: null,
    views_count: 0,
    downloads_count: 0,
    ...extra,
  });
}

/** A work as the review lists read it: its PDF and its author (the student's user). */
export function reviewTfxEntry(
  id: number,
  title: string,
  extra: Partial<TfxAttributes> & { author?: { name: string; surname: string } | null } = {},
) {
  const { author = { name: 'Lucía', surname: 'Martínez' }, ...attributes } = extra;
  return {
    id,
    attributes: {
      ...pendingTfxAttributes(title, attributes),
      file: {
        data: {
          id: 500 + id,
          attributes: {
            ...pictureMedia(500 + id).attributes,
            name: 'trabajo.pdf',
            mime: 'application/pdf',
            ext: '.pdf',
            width: null,
            height: null,
            formats: null,
            isPrivate: true,
            url: `/api/upload/files/${500 + id}/content`,
          },
        },
      },
      student: {
        data: author
          ? {
              id: 31,
              attributes: {
                user: { data: { id: 8, attributes: author } },
                degree: { data: null },
                university: { data: null },
              },
            }
          : null,
      },
    },
  };
}

/** `GET /api/tfxes?…`: one page of works. */
export function reviewTfxesAnswer(
  data: ReturnType<typeof reviewTfxEntry>[],
  pagination: { page?: number; pageSize?: number; pageCount?: number; total?: number } = {},
) {
  return collection(data, { pageSize: 20, ...pagination });
}

/** One row of an import's preview. */
export function importRow(
  row: number,
  action: ImportRow['action'],
  label: string,
  errors: ImportRow['errors'] = [],
): ImportRow {
  return { row, action, label, errors };
}

/**
 * `POST /api/imports/<kind>` (the works by default; people answer their preview alike): the rows,
 * counted; `written` false for a dry run.
 */
export function importAnswer(
  rows: ImportRow[],
  { written = false, kind = 'tfxes' }: { written?: boolean; kind?: ImportKind } = {},
): ImportAnswer {
  const counts = Object.fromEntries(
    IMPORT_ROW_ACTIONS.map((action) => [action, rows.filter((r) => r.action === action).length]),
  ) as Record<ImportRow['action'], number>;
  return { data: { kind, written, counts: { total: rows.length, ...counts }, rows } };
}
