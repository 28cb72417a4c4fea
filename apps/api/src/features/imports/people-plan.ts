import { sql } from 'drizzle-orm';
import type {
  ImportCounts,
  ImportIssue,
  ImportRow,
  PeopleImportKind,
  PeopleImportMode,
  ProfileType,
} from '@plataforma/shared';
import { executeRows } from '../../db/statements';
import type { Executor } from '../../db/handles';
import { normalizedSql } from './catalogue-match';
import type {
  CheckedRow,
  CoordinatorValues,
  OrganizationValues,
  PeopleColumns,
  StudentValues,
  TeacherValues,
} from './people-rows';

/**
 * What happens to each checked row given what is registered now and the file's mode (ADR 0048):
 * created, updated, skipped, or not written with why ("ya está registrado" and the like). The
 * dry run plans the whole file; the job plans each batch inside the batch's transaction, under
 * the import lock, so what it decides is what it writes.
 */

/** Rows a lookup statement takes at once. */
const LOOKUP_CHUNK = 1000;

/** An account found by its email, with its profile records. */
export interface ExistingAccount {
  userId: number;
  profileType: ProfileType | null;
  studentId: number | null;
  teacherId: number | null;
  coordinatorId: number | null;
  coordinatorOrganizationId: number | null;
}

/** The coordinator part of an organisation's row. */
export type CoordinatorPlan =
  | { action: 'none' }
  | { action: 'create'; values: CoordinatorValues }
  /** A registered coordinator without organisation: linked to this one. */
  | { action: 'link'; coordinatorId: number; userId: number; values: CoordinatorValues }
  /** Already this organisation's coordinator (update mode): their details rewritten. */
  | { action: 'update'; coordinatorId: number; userId: number; values: CoordinatorValues };

interface Base {
  row: number;
  label: string;
}

export type PlannedRow =
  | (Base & { action: 'invalid'; errors: ImportIssue[] })
  | (Base & { action: 'skip'; userId?: number; organizationId?: number })
  | (Base & { action: 'create'; values: StudentValues | TeacherValues })
  | (Base & {
      action: 'update';
      values: StudentValues | TeacherValues;
      existing: ExistingAccount;
    })
  | (Base & { action: 'create'; values: OrganizationValues; coordinator: CoordinatorPlan })
  | (Base & {
      action: 'update';
      values: OrganizationValues;
      organizationId: number;
      coordinator: CoordinatorPlan;
    });

const PROFILE_NOUN: Record<'students' | 'teachers', string> = {
  students: 'estudiante',
  teachers: 'docente',
};
const PROFILE_OF: Record<'students' | 'teachers', ProfileType> = {
  students: 'student',
  teachers: 'teacher',
};

function chunks<T>(items: readonly T[], size = LOOKUP_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Accounts of these addresses (lower case), with their profile records. */
export async function accountsByEmail(
  db: Executor,
  emails: readonly string[],
): Promise<Map<string, ExistingAccount>> {
  const found = new Map<string, ExistingAccount>();
  for (const part of chunks([...new Set(emails)])) {
    const rows = await executeRows(
      db,
      sql`
        SELECT u.id, lower(u.email) AS email, u.profile_type, s.id AS student_id,
               t.id AS teacher_id, c.id AS coordinator_id, c.organization_id
        FROM up_users u
        LEFT JOIN students s ON s.user_id = u.id
        LEFT JOIN teachers t ON t.user_id = u.id
        LEFT JOIN coordinators c ON c.user_id = u.id
        WHERE lower(u.email) = ANY(${sql.param(part)}::text[])`,
    );
    for (const row of rows) {
      const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      found.set(String(row.email), {
        userId: Number(row.id),
        profileType: (row.profile_type as ProfileType | null) ?? null,
        studentId: id(row.student_id),
        teacherId: id(row.teacher_id),
        coordinatorId: id(row.coordinator_id),
        coordinatorOrganizationId: id(row.organization_id),
      });
    }
  }
  return found;
}

/** Organisations by name as people mean it (the key the file's duplicates use): their ids. */
export async function organizationsByName(
  db: Executor,
  names: readonly string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  for (const part of chunks([...new Set(names)])) {
    const rows = await executeRows(
      db,
      sql`
        SELECT n.name AS written, o.id
        FROM unnest(${sql.param(part)}::text[]) AS n(name)
        JOIN organizations o ON ${normalizedSql(sql`o.name`)} = ${normalizedSql(sql`n.name`)}
        ORDER BY o.id`,
    );
    for (const row of rows) {
      const key = String(row.written);
      found.set(key, [...(found.get(key) ?? []), Number(row.id)]);
    }
  }
  return found;
}

const invalid = (row: CheckedRow, column: string | null, message: string): PlannedRow => ({
  row: row.row,
  label: row.label,
  action: 'invalid',
  errors: [...row.errors, { row: row.row, column, message }],
});

function planPerson(
  kind: 'students' | 'teachers',
  row: CheckedRow & { values: StudentValues | TeacherValues },
  existing: ExistingAccount | undefined,
  mode: PeopleImportMode,
  emailColumn: string,
): PlannedRow {
  const base = { row: row.row, label: row.label };
  if (!existing) return { ...base, action: 'create', values: row.values };
  const noun = PROFILE_NOUN[kind];
  if (existing.profileType !== PROFILE_OF[kind]) {
    return invalid(
      row,
      emailColumn,
      `Este correo ya es de una cuenta que no es de ${noun}: no se puede cargar aquí.`,
    );
  }
  if (mode === 'create') {
    return invalid(row, emailColumn, `Ya hay una cuenta de ${noun} con este correo.`);
  }
  if (mode === 'skip') return { ...base, action: 'skip', userId: existing.userId };
  return { ...base, action: 'update', values: row.values, existing };
}

/** The coordinator of a row about to be written into organisation `organizationId` (if any). */
function planCoordinator(
  values: CoordinatorValues | null,
  account: ExistingAccount | undefined,
  organizationId: number | null,
): CoordinatorPlan | string {
  if (!values) return { action: 'none' };
  if (!account) return { action: 'create', values };
  if (account.profileType !== 'coordinator' || account.coordinatorId === null) {
    return 'Este correo ya es de una cuenta que no es de coordinación: no puede coordinar la organización.';
  }
  if (account.coordinatorOrganizationId === null) {
    return { action: 'link', coordinatorId: account.coordinatorId, userId: account.userId, values };
  }
  if (account.coordinatorOrganizationId === organizationId) {
    return {
      action: 'update',
      coordinatorId: account.coordinatorId,
      userId: account.userId,
      values,
    };
  }
  return 'Este correo ya coordina otra organización.';
}

function planOrganization(
  row: CheckedRow & { values: OrganizationValues },
  existingIds: number[],
  account: ExistingAccount | undefined,
  mode: PeopleImportMode,
  header: (key: string) => string,
): PlannedRow {
  const base = { row: row.row, label: row.label };
  const { values } = row;
  if (existingIds.length === 0) {
    const coordinator = planCoordinator(values.coordinator, account, null);
    if (typeof coordinator === 'string') {
      return invalid(row, header('coordinador_email'), coordinator);
    }
    return { ...base, action: 'create', values, coordinator };
  }
  if (mode === 'create') {
    return invalid(row, header('nombre'), 'Ya hay una organización con este nombre.');
  }
  if (mode === 'skip') return { ...base, action: 'skip', organizationId: existingIds[0]! };
  if (existingIds.length > 1) {
    return invalid(
      row,
      header('nombre'),
      `Hay ${existingIds.length} organizaciones con este nombre: actualízala desde su página.`,
    );
  }
  const organizationId = existingIds[0]!;
  const coordinator = planCoordinator(values.coordinator, account, organizationId);
  if (typeof coordinator === 'string') {
    return invalid(row, header('coordinador_email'), coordinator);
  }
  return { ...base, action: 'update', values, organizationId, coordinator };
}

const hasValues = <V>(row: CheckedRow): row is CheckedRow & { values: V } =>
  row.values !== undefined;

/**
 * Plans the rows against what is registered now: one lookup of the accounts and (for
 * organisations) the organisations they name.
 */
export async function planRows(
  db: Executor,
  kind: PeopleImportKind,
  columns: PeopleColumns,
  rows: readonly CheckedRow[],
  mode: PeopleImportMode,
): Promise<PlannedRow[]> {
  const header = (key: string) => columns[key]?.header ?? key;
  const valid = rows.filter((row) => row.values);
  if (kind === 'organizations') {
    const orgValues = valid.map((row) => row.values as OrganizationValues);
    const organizations = await organizationsByName(
      db,
      orgValues.map((v) => v.name),
    );
    const accounts = await accountsByEmail(
      db,
      orgValues.flatMap((v) => (v.coordinator ? [v.coordinator.email] : [])),
    );
    return rows.map((row) => {
      if (!hasValues<OrganizationValues>(row)) {
        return { row: row.row, label: row.label, action: 'invalid', errors: row.errors };
      }
      const email = row.values.coordinator?.email;
      return planOrganization(
        row,
        organizations.get(row.values.name) ?? [],
        email ? accounts.get(email) : undefined,
        mode,
        header,
      );
    });
  }
  const accounts = await accountsByEmail(
    db,
    valid.map((row) => (row.values as StudentValues | TeacherValues).email),
  );
  return rows.map((row) => {
    if (!hasValues<StudentValues | TeacherValues>(row)) {
      return { row: row.row, label: row.label, action: 'invalid', errors: row.errors };
    }
    return planPerson(kind, row, accounts.get(row.values.email), mode, header('email'));
  });
}

/** The preview's rows and counts (`ImportRow`, as the works import answers them). */
export function previewOf(planned: readonly PlannedRow[]): {
  rows: ImportRow[];
  counts: ImportCounts;
} {
  const counts: ImportCounts = {
    total: planned.length,
    create: 0,
    update: 0,
    skip: 0,
    invalid: 0,
  };
  const rows = planned.map((row): ImportRow => {
    counts[row.action] += 1;
    return {
      row: row.row,
      action: row.action,
      label: row.label,
      errors: row.action === 'invalid' ? row.errors : [],
    };
  });
  return { rows, counts };
}
