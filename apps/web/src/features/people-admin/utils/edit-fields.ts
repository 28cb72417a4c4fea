import { STUDY_TYPES, THESIS_STAGE_LABELS, THESIS_STAGES } from '@plataforma/shared';
import type { PeopleKind, PersonRow, PersonWrite } from '../types';

/** The fields of the write `W` that take a `V`. */
type FieldsTaking<W, V> = { [P in keyof W]-?: [V] extends [W[P]] ? P : never }[keyof W] & string;

/** A select of one of `W`'s fields, its options among that field's values. */
type SelectField<W> = {
  [P in keyof W & string]: {
    name: P;
    label: string;
    type: 'select';
    options: readonly { value: NonNullable<W[P]> & string; label: string }[];
  };
}[keyof W & string];

type TextType = 'text' | 'email' | 'url' | 'tel';

/**
 * A field of the edit form: an attribute, or a to-one relation chosen from a list. Its name is a
 * field of the kind's write `W` that takes what `changedData` sends for its type (a text as the
 * trimmed text or null, a checkbox as a boolean, a relation as an id or null).
 */
export type EditField<W = Record<string, unknown>> =
  | { name: FieldsTaking<W, string | null>; label: string; type: TextType; required?: false }
  /** Never sent empty (`missingFields`), so it may name a field that takes no null. */
  | { name: FieldsTaking<W, string>; label: string; type: TextType; required: true }
  | SelectField<W>
  | { name: FieldsTaking<W, boolean>; label: string; type: 'checkbox' }
  | {
      name: FieldsTaking<W, number | null>;
      label: string;
      type: 'relation';
      choices: 'universities' | 'degrees' | 'organizations';
    }
  /** A to-many relation: every choice a checkbox (a teacher's degrees, spec §7). */
  | { name: FieldsTaking<W, number[]>; label: string; type: 'relations'; choices: 'degrees' };

/**
 * The main fields an admin corrects in a record (ADR 0050). The name and email belong to the
 * account, not to the profile, and are left to the account's own screens; DNI and disability
 * are never shown in these screens.
 */
export const EDIT_FIELDS: { readonly [K in PeopleKind]: readonly EditField<PersonWrite<K>>[] } = {
  students: [
    { name: 'university', label: 'Universidad', type: 'relation', choices: 'universities' },
    { name: 'degree', label: 'Titulación', type: 'relation', choices: 'degrees' },
    {
      name: 'thesis_stage',
      label: 'Etapa del TFG/TFM',
      type: 'select',
      options: THESIS_STAGES.map((stage) => ({ value: stage, label: THESIS_STAGE_LABELS[stage] })),
    },
    { name: 'validated', label: 'Validado', type: 'checkbox' },
  ],
  teachers: [
    { name: 'university', label: 'Universidad', type: 'relation', choices: 'universities' },
    { name: 'teacher_area', label: 'Área', type: 'text' },
    {
      name: 'class_type',
      label: 'Imparte en',
      type: 'select',
      options: STUDY_TYPES.map((type) => ({ value: type, label: type })),
    },
    { name: 'degrees', label: 'Grados en los que imparte', type: 'relations', choices: 'degrees' },
  ],
  organizations: [
    { name: 'name', label: 'Nombre', type: 'text', required: true },
    { name: 'type', label: 'Tipo', type: 'text' },
    { name: 'sector', label: 'Sector', type: 'text' },
    { name: 'location', label: 'Ubicación', type: 'text' },
    { name: 'web', label: 'Web', type: 'url' },
    { name: 'contact_name', label: 'Persona de contacto', type: 'text' },
    { name: 'contact_mail', label: 'Correo de contacto', type: 'email' },
    { name: 'contact_phone', label: 'Teléfono de contacto', type: 'tel' },
  ],
  coordinators: [
    { name: 'organization', label: 'Organización', type: 'relation', choices: 'organizations' },
    { name: 'job_position', label: 'Puesto', type: 'text' },
  ],
};

export type EditValues = Record<string, string | boolean | readonly number[]>;

/** The entries of a populated to-many relation (`{data: [{id, attributes: {name}}]}`). */
export function relatedEntries(value: unknown): { id: number; name: string }[] {
  const data = (value as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(data)) return [];
  return (data as { id?: unknown; attributes?: { name?: unknown } }[]).flatMap((entry) => {
    if (typeof entry?.id !== 'number') return [];
    const name = entry.attributes?.name;
    return [{ id: entry.id, name: typeof name === 'string' ? name : String(entry.id) }];
  });
}

const idsOf = (value: EditValues[string] | undefined): readonly number[] =>
  Array.isArray(value) ? (value as readonly number[]) : [];

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The fields of a kind's form, whichever kind it is. */
export const editFieldsOf = (kind: PeopleKind): readonly EditField[] => EDIT_FIELDS[kind];

/** A row's attribute or populated relation, by the name of its edit field. */
export function attributeOf(row: PersonRow, name: string): unknown {
  const attributes: Readonly<Record<string, unknown>> = row.attributes;
  return attributes[name];
}

/** The form's starting values from a row. */
export function initialValues(kind: PeopleKind, row: PersonRow): EditValues {
  return Object.fromEntries(
    editFieldsOf(kind).map((field): [string, EditValues[string]] => {
      if (field.type === 'relation') return [field.name, String(row.links[field.name] ?? '')];
      if (field.type === 'relations') {
        return [field.name, relatedEntries(attributeOf(row, field.name)).map((entry) => entry.id)];
      }
      const value = attributeOf(row, field.name);
      if (field.type === 'checkbox') return [field.name, Boolean(value)];
      return [
        field.name,
        typeof value === 'string' || typeof value === 'number' ? String(value) : '',
      ];
    }),
  );
}

/**
 * What a save sends: only the fields that changed (PUT updates only what it is given), an
 * emptied field as null, a relation as its id or null.
 */
export function changedData<K extends PeopleKind>(
  kind: K,
  before: EditValues,
  after: EditValues,
): Partial<PersonWrite<K>> {
  const data: Record<string, unknown> = {};
  for (const field of editFieldsOf(kind)) {
    const value = after[field.name];
    if (field.type === 'relations') {
      const ids = idsOf(value);
      if (!sameIds(ids, idsOf(before[field.name]))) data[field.name] = [...ids];
      continue;
    }
    if (value === before[field.name]) continue;
    if (field.type === 'checkbox') data[field.name] = Boolean(value);
    else if (field.type === 'relation') data[field.name] = value ? Number(value) : null;
    else data[field.name] = typeof value === 'string' && value.trim() ? value.trim() : null;
  }
  // The record's keys go unchecked (it is assignable to any write of optional fields); what holds
  // each name to a field of the kind's write, taking what its type sends, is EDIT_FIELDS' type.
  return data;
}

/** Required fields left empty, by name: "Este campo es obligatorio." (spec §5). */
export function missingFields(kind: PeopleKind, values: EditValues): string[] {
  return editFieldsOf(kind)
    .filter((field) => 'required' in field && field.required)
    .filter((field) => !String(values[field.name] ?? '').trim())
    .map((field) => field.name);
}
