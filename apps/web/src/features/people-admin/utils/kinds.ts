import { THESIS_STAGE_LABELS, type ThesisStage } from '@plataforma/shared';
import type { Relation } from '../../../entities/project/types';
import type { PeopleKind, PersonAccount, PersonAttributes, PersonRow } from '../types';

/** A filter a list may offer (ADR 0050): only those its type has. */
export type FilterName = 'university' | 'degree' | 'thesisStage' | 'validated' | 'published';

export interface SortOption {
  value: string;
  label: string;
  /** The API's sort terms; the id last, so pages never share or skip a row. */
  terms: readonly string[];
}

export interface KindConfig<K extends PeopleKind = PeopleKind> {
  kind: K;
  /** The generic route (docs/api.md). */
  path: string;
  singular: string;
  plural: string;
  /** Students and teachers are draft/publish types: unpublished ones are listed too (preview). */
  draftAndPublish: boolean;
  filters: readonly FilterName[];
  /** The attribute paths the search box looks in, each with `$containsi`, joined by `$or`. */
  searchPaths: readonly (readonly string[])[];
  searchHint: string;
  sorts: readonly SortOption[];
  /** `populate` and `fields` of a list (never DNI nor disability: they are not asked for). */
  select: Record<string, string>;
  /** The columns after "Nombre" (the email is one of them where the kind has one). */
  columns: readonly { key: string; label: string }[];
  /**
   * A method, not a function property, so that one kind's config is also a `KindConfig` of any
   * kind (its parameter is not checked contravariantly): each list hands it only the records of
   * its own path.
   */
  toRow(this: void, record: ApiRecord<K>): PersonRow;
}

export interface ApiRecord<K extends PeopleKind = PeopleKind> {
  id: number;
  attributes: PersonAttributes<K>;
}

const related = <T>(value: Relation<T> | undefined) => value?.data ?? null;
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const nameOf = (value: Relation<{ name: string }> | undefined) =>
  text(related(value)?.attributes.name);

/** A person's name from their account; their email or code when they have not given it. */
function personName(user: PersonAccount | undefined, fallback: string): string {
  const full = [text(user?.name), text(user?.surname)].filter(Boolean).join(' ');
  return full || text(user?.email) || fallback;
}

const USER_SELECT = {
  'populate[user][fields][0]': 'name',
  'populate[user][fields][1]': 'surname',
  'populate[user][fields][2]': 'email',
};

const USER_SEARCH = [
  ['user', 'name'],
  ['user', 'surname'],
  ['user', 'email'],
] as const;

const PERSON_SORTS: readonly SortOption[] = [
  {
    value: 'nombre',
    label: 'Nombre (A-Z)',
    terms: ['user.name:asc', 'user.surname:asc', 'id:asc'],
  },
  {
    value: 'apellidos',
    label: 'Apellidos (A-Z)',
    terms: ['user.surname:asc', 'user.name:asc', 'id:asc'],
  },
  { value: 'recientes', label: 'Más recientes', terms: ['createdAt:desc', 'id:desc'] },
];
const CODE_SORT: SortOption = {
  value: 'codigo',
  label: 'Código',
  terms: ['primaryKey:asc', 'id:asc'],
};

const yesNo = (value: unknown) => (value ? 'Sí' : 'No');
const publishedLabel = (value: unknown) => (value ? 'Publicado' : 'Sin publicar');

function personRow(
  record: ApiRecord<'students' | 'teachers' | 'coordinators'>,
  cells: Record<string, string>,
  links: PersonRow['links'],
) {
  const a = record.attributes;
  const account = related(a.user);
  const user = account?.attributes;
  const email = text(user?.email) || null;
  const code = 'primaryKey' in a ? text(a.primaryKey) : '';
  return {
    id: record.id,
    userId: account?.id ?? null,
    name: personName(user, code || `#${record.id}`),
    email,
    attributes: record.attributes,
    links,
    cells: { email: email ?? '', ...cells },
  };
}

export const KINDS: { readonly [K in PeopleKind]: KindConfig<K> } = {
  students: {
    kind: 'students',
    path: '/api/students',
    singular: 'estudiante',
    plural: 'estudiantes',
    draftAndPublish: true,
    filters: ['university', 'degree', 'thesisStage', 'validated', 'published'],
    searchPaths: [...USER_SEARCH, ['primaryKey']],
    searchHint: 'Busca en el nombre, los apellidos, el correo y el código (E0001).',
    sorts: [...PERSON_SORTS, CODE_SORT],
    select: {
      'fields[0]': 'primaryKey',
      'fields[1]': 'thesis_stage',
      'fields[2]': 'validated',
      'fields[3]': 'publishedAt',
      'fields[4]': 'createdAt',
      'fields[5]': 'other_university',
      'fields[6]': 'other_degree',
      ...USER_SELECT,
      'populate[university][fields][0]': 'name',
      'populate[degree][fields][0]': 'name',
    },
    columns: [
      { key: 'email', label: 'Correo' },
      { key: 'primaryKey', label: 'Código' },
      { key: 'university', label: 'Universidad' },
      { key: 'degree', label: 'Titulación' },
      { key: 'thesisStage', label: 'Etapa del TFG/TFM' },
      { key: 'validated', label: 'Validado' },
      { key: 'published', label: 'Estado' },
    ],
    toRow: (record) => {
      const a = record.attributes;
      const stage = text(a.thesis_stage) as ThesisStage | '';
      return {
        ...personRow(
          record,
          {
            primaryKey: text(a.primaryKey),
            university: nameOf(a.university) || text(a.other_university),
            degree: nameOf(a.degree) || text(a.other_degree),
            thesisStage: stage ? (THESIS_STAGE_LABELS[stage] ?? stage) : '',
            validated: yesNo(a.validated),
            published: publishedLabel(a.publishedAt),
          },
          {
            university: related(a.university)?.id ?? null,
            degree: related(a.degree)?.id ?? null,
          },
        ),
        published: Boolean(a.publishedAt),
      };
    },
  },
  teachers: {
    kind: 'teachers',
    path: '/api/teachers',
    singular: 'profesor',
    plural: 'profesores',
    draftAndPublish: true,
    filters: ['university', 'degree', 'published'],
    searchPaths: [...USER_SEARCH, ['primaryKey'], ['teacher_area']],
    searchHint: 'Busca en el nombre, los apellidos, el correo, el código (P0001) y el área.',
    sorts: [...PERSON_SORTS, CODE_SORT],
    select: {
      'fields[0]': 'primaryKey',
      'fields[1]': 'teacher_area',
      'fields[2]': 'class_type',
      'fields[3]': 'publishedAt',
      'fields[4]': 'createdAt',
      'fields[5]': 'invited',
      ...USER_SELECT,
      'populate[university][fields][0]': 'name',
      // The edit form's degrees (spec §7 PUT /api/teachers with degrees).
      'populate[degrees][fields][0]': 'name',
    },
    columns: [
      { key: 'email', label: 'Correo' },
      { key: 'primaryKey', label: 'Código' },
      { key: 'university', label: 'Universidad' },
      { key: 'area', label: 'Área' },
      { key: 'classType', label: 'Imparte en' },
      { key: 'published', label: 'Estado' },
    ],
    toRow: (record) => {
      const a = record.attributes;
      return {
        ...personRow(
          record,
          {
            primaryKey: text(a.primaryKey),
            university: nameOf(a.university),
            area: text(a.teacher_area),
            classType: text(a.class_type),
            published: publishedLabel(a.publishedAt),
          },
          { university: related(a.university)?.id ?? null },
        ),
        published: Boolean(a.publishedAt),
      };
    },
  },
  organizations: {
    kind: 'organizations',
    path: '/api/organizations',
    singular: 'organización',
    plural: 'organizaciones',
    draftAndPublish: false,
    filters: [],
    searchPaths: [['name'], ['sector'], ['contact_name'], ['contact_mail']],
    searchHint: 'Busca en el nombre, el sector y la persona y el correo de contacto.',
    sorts: [
      { value: 'nombre', label: 'Nombre (A-Z)', terms: ['name:asc', 'id:asc'] },
      { value: 'nombre-desc', label: 'Nombre (Z-A)', terms: ['name:desc', 'id:desc'] },
      { value: 'recientes', label: 'Más recientes', terms: ['createdAt:desc', 'id:desc'] },
    ],
    select: {
      'fields[0]': 'name',
      'fields[1]': 'type',
      'fields[2]': 'sector',
      'fields[3]': 'location',
      'fields[4]': 'web',
      'fields[5]': 'contact_name',
      'fields[6]': 'contact_mail',
      'fields[7]': 'contact_phone',
      'populate[coordinators][count]': 'true',
    },
    columns: [
      { key: 'type', label: 'Tipo' },
      { key: 'sector', label: 'Sector' },
      { key: 'location', label: 'Ubicación' },
      { key: 'contactName', label: 'Contacto' },
      { key: 'email', label: 'Correo de contacto' },
      { key: 'phone', label: 'Teléfono de contacto' },
      { key: 'coordinators', label: 'Coordinadores' },
    ],
    toRow: (record) => {
      const a = record.attributes;
      const count = a.coordinators?.data.attributes.count;
      const email = text(a.contact_mail) || null;
      return {
        id: record.id,
        name: text(a.name) || `#${record.id}`,
        email,
        attributes: a,
        links: {},
        cells: {
          type: text(a.type),
          sector: text(a.sector),
          location: text(a.location),
          contactName: text(a.contact_name),
          email: email ?? '',
          phone: text(a.contact_phone),
          coordinators: count === undefined ? '' : String(count),
        },
      };
    },
  },
  coordinators: {
    kind: 'coordinators',
    path: '/api/coordinators',
    singular: 'coordinador',
    plural: 'coordinadores',
    draftAndPublish: false,
    filters: [],
    searchPaths: [...USER_SEARCH, ['organization', 'name']],
    searchHint: 'Busca en el nombre, los apellidos, el correo y la organización.',
    sorts: [
      ...PERSON_SORTS,
      {
        value: 'organizacion',
        label: 'Organización',
        terms: ['organization.name:asc', 'user.name:asc', 'id:asc'],
      },
    ],
    select: {
      'fields[0]': 'job_position',
      'fields[1]': 'createdAt',
      ...USER_SELECT,
      'populate[organization][fields][0]': 'name',
    },
    columns: [
      { key: 'email', label: 'Correo' },
      { key: 'organization', label: 'Organización' },
      { key: 'jobPosition', label: 'Puesto' },
    ],
    toRow: (record) => {
      const a = record.attributes;
      return personRow(
        record,
        { organization: nameOf(a.organization), jobPosition: text(a.job_position) },
        { organization: related(a.organization)?.id ?? null },
      );
    },
  },
};
