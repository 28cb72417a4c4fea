import {
  TFX_FACETS,
  type FacetCount,
  type FeaturePermissions,
  type ProfileType,
  type TfxAttributes,
  type TfxCard,
  type TfxFacet,
  type TfxSearchAnswer,
  type UploadedFile,
} from '@plataforma/shared';
import { account, NO_PERMISSIONS } from './accounts';
import { collection, jsonResponse } from './envelopes';
import { fakeApi, type Route } from './fake-api';

/**
 * Answers of the final-work library as the API gives them, typed by the shared contract
 * (packages/shared/src/schemas/library.ts): a fake that drifts from the API's answer no longer
 * compiles.
 */

/** A work as every list shows it, with plausible values; `extra` overrides any of them. */
export function tfxCard(title: string, extra: Partial<TfxCard> = {}): TfxCard {
  return {
    title,
    summary: 'Un trabajo sobre la economía circular en los barrios.',
    language: 'Español',
    sector: 'Medio ambiente',
    awarded: false,
    tfxDate: '2025-06-01',
    release_month: '06/2025',
    external: false,
    author_name: null,
    institution: 'Universidad de Murcia',
    degree_name: 'Grado en Ingeniería Informática',
    study_area: 'Desarrollo Software DATA e IA',
    file_URL: null,
    views_count: 12,
    downloads_count: 3,
    publishedAt: '2025-07-01T10:00:00.000Z',
    createdAt: '2025-06-20T10:00:00.000Z',
    tags: ['reciclaje'],
    ods: [11, 12],
    year: 2025,
    hasFile: true,
    snippets: null,
    ...extra,
  };
}

/** A work as `GET /api/tfxes/search` and `/related` answer it. */
export function tfxEntry(id: number, title: string, extra: Partial<TfxCard> = {}) {
  return { id, attributes: tfxCard(title, extra) };
}

const DEFAULT_FACETS: Partial<Record<TfxFacet, FacetCount[]>> = {
  year: [
    { value: 2025, count: 5 },
    { value: 2024, count: 2 },
  ],
  degree: [
    { value: 'Grado en Ingeniería Informática', count: 4 },
    { value: 'Máster en Economía', count: 3 },
  ],
  sector: [{ value: 'Medio ambiente', count: 6 }],
  language: [
    { value: 'Español', count: 6 },
    { value: 'Inglés', count: 1 },
  ],
  awarded: [
    { value: true, count: 2 },
    { value: false, count: 5 },
  ],
  ods: [
    { value: 12, count: 4 },
    { value: 4, count: 2 },
  ],
};

/** `GET /api/tfxes/search`: a page of works, the facets (every facet is answered), `fallback`. */
export function tfxSearchAnswer(
  data: TfxSearchAnswer['data'],
  {
    page = 1,
    pageCount = data.length === 0 ? 0 : 1,
    total = data.length,
    facets = {},
    fallback = false,
  }: {
    page?: number;
    pageCount?: number;
    total?: number;
    facets?: Partial<Record<TfxFacet, FacetCount[]>>;
    fallback?: boolean;
  } = {},
): TfxSearchAnswer {
  const all = { ...DEFAULT_FACETS, ...facets };
  return {
    data,
    meta: {
      pagination: { page, pageSize: 12, pageCount, total },
      facets: Object.fromEntries(
        TFX_FACETS.map((facet) => [facet, all[facet] ?? []]),
      ) as TfxSearchAnswer['meta']['facets'],
      fallback,
    },
  };
}

/** The attributes of a work as `GET /api/tfxes/:id` answers them (relations aside). */
export function tfxAttributes(title: string, extra: Partial<TfxAttributes> = {}): TfxAttributes {
  return {
    title,
    summary: 'Un trabajo sobre la economía circular en los barrios.',
    status: 'finished',
    language: 'Español',
    file_URL: null,
    tfxDate: '2025-06-01',
    index: null,
    awarded: false,
    sector: 'Medio ambiente',
    tags: ['reciclaje'],
    ods: [11, 12],
    release_month: '06/2025',
    external: false,
    author_name: null,
    institution: 'Universidad de Murcia',
    degreeId: 1,
    degree_name: 'Grado en Ingeniería Informática',
    study_area: 'Desarrollo Software DATA e IA',
    publish_consent: true,
    review_status: 'published',
    rejection_reason: null,
    text_status: 'indexed',
    views_count: 12,
    downloads_count: 3,
    import_key: null,
    publishedAt: '2025-07-01T10:00:00.000Z',
    createdAt: '2025-06-20T10:00:00.000Z',
    updatedAt: '2025-07-01T10:00:00.000Z',
    ...extra,
  };
}

/** A work's PDF as `populate[file]=*` nests it. */
export interface TfxFileRelation {
  data: {
    id: number;
    attributes: { url: string; name: string; size: number; mime: string };
  } | null;
}

export function tfxFile(id = 90, name = 'trabajo.pdf', size = 245.3): TfxFileRelation {
  return {
    data: {
      id,
      attributes: { url: `/api/upload/files/${id}/content`, name, size, mime: 'application/pdf' },
    },
  };
}

/** `GET /api/tfxes/:id?populate[file]=*`: the work and its PDF (or none). */
export function tfxAnswer(
  id: number,
  title: string,
  extra: Partial<TfxAttributes> = {},
  file: TfxFileRelation = tfxFile(),
) {
  return { data: { id, attributes: { ...tfxAttributes(title, extra), file } }, meta: {} };
}

/** `GET /api/tfxes?filters[student][id][$eq]=…&populate[file]=*`: the student's own works. */
export function ownWorksAnswer(
  works: { id: number; title: string; extra?: Partial<TfxAttributes>; file?: TfxFileRelation }[],
) {
  const data = works.map(({ id, title, extra, file }) => ({
    id,
    attributes: { ...tfxAttributes(title, extra), file: file ?? tfxFile() },
  }));
  return {
    data,
    meta: {
      pagination: { page: 1, pageSize: 25, pageCount: data.length ? 1 : 0, total: data.length },
    },
  };
}

/** `GET /api/tfxes/:id/related`. */
export function relatedAnswer(data: ReturnType<typeof tfxEntry>[]) {
  return { data, meta: {} };
}

/** `POST /api/upload` of one PDF. */
export function uploadedPdf(id: number, name: string, size = 512.4): UploadedFile[] {
  return [
    {
      id,
      name,
      alternativeText: null,
      caption: null,
      width: null,
      height: null,
      formats: null,
      hash: `h${id}`,
      ext: '.pdf',
      mime: 'application/pdf',
      size,
      url: `/api/upload/files/${id}/content`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      isPrivate: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
  ];
}

/** `GET /api/students/:id?populate[favorites_tfxes]…`: the works a student saved. */
export function savedWorksAnswer(
  studentId: number,
  works: { id: number; attributes: Partial<TfxAttributes> & { title: string } }[],
) {
  return { data: { id: studentId, attributes: { favorites_tfxes: { data: works } } }, meta: {} };
}

/** The library's switches: the platform's works (with uploads) and the external ones on. */
export const LIBRARY_PERMISSIONS: FeaturePermissions = {
  ...NO_PERMISSIONS,
  tfxes: { enabled: true, create: true, update: false },
  externalTfxes: { enabled: true },
};

/** The student record of the library's signed-in student. */
export const LIBRARY_STUDENT_ID = 31;

interface LibraryStubOptions {
  /** Who is signed in; null: a visitor. */
  role?: ProfileType | null;
  permissions?: FeaturePermissions;
  /** The student's own works, as their profile lists them (spec §3 User details tfxs). */
  ownWorkIds?: number[];
  routes?: Record<string, Route>;
}

/**
 * Answers the API for the library's screens: a visitor or a signed-in person of `role` (a
 * student with their record), the library's switches, and the test's routes. Every call is
 * recorded.
 */
export function stubLibraryApi({
  role = null,
  permissions = LIBRARY_PERMISSIONS,
  ownWorkIds = [],
  routes = {},
}: LibraryStubOptions = {}) {
  return fakeApi({
    user: role
      ? account(role, { id: 8, username: 'lucia', name: 'Lucía', surname: 'Martínez' })
      : null,
    permissions,
    profiles: {
      students: () =>
        jsonResponse(
          collection([
            {
              id: LIBRARY_STUDENT_ID,
              attributes: {
                province: 'Murcia',
                phone: '+34 612 345 678',
                university: { data: { id: 2, attributes: { name: 'Universidad de Murcia' } } },
                tfxs: { data: ownWorkIds.map((id) => ({ id, attributes: {} })) },
              },
            },
          ]),
        ),
      teachers: () =>
        jsonResponse(collection([{ id: 4, attributes: { teacher_area: 'Informática' } }])),
    },
    routes,
  });
}
