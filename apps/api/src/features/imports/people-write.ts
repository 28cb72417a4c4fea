import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type ImportIssue } from '@plataforma/shared';
import {
  coordinators,
  organizations,
  students,
  teachers,
  teachersDegrees,
  users,
  type PeopleImportOutcome,
} from '../../db/schema';
import { insertJsonRows } from '../../db/statements';
import type { Transaction } from '../../db/handles';
import type { RenderContext } from '../../lib/mail/templates';
import { roleIdOf, usernameBase } from '../auth/registration.service';
import { freePrimaryKeys } from '../profiles/profiles.service';
import { queueInvitations, type Invitee, type Pace } from './invitations';
import type { CoordinatorPlan, PlannedRow } from './people-plan';
import type {
  CoordinatorValues,
  OrganizationValues,
  PersonValues,
  StudentValues,
  TeacherValues,
} from './people-rows';

/**
 * Writes one planned batch of an import (ADR 0048), inside the batch's transaction: new accounts
 * without a password, their profile records with fresh primary keys (spec §3: E or P and four
 * digits), their set-password codes and invitation emails; updates with the file's non-empty
 * cells; organisations with their coordinators. Set-based where rows are many (people), row by
 * row where each row is a small tree (an organisation and its coordinator).
 */

export interface RowOutcome {
  row: number;
  label: string;
  outcome: PeopleImportOutcome;
  errors: ImportIssue[];
  userId: number | null;
  organizationId: number | null;
}

export interface BatchContext {
  render: RenderContext;
  pace: Pace;
}

/** Usernames free now for these addresses, distinct among themselves (registration's rule). */
async function freeUsernames(tx: Transaction, emails: readonly string[]): Promise<string[]> {
  const bases = emails.map(usernameBase);
  const chosen: (string | undefined)[] = emails.map(() => undefined);
  const used = new Set<string>();
  let wanted = bases.map((base, i) => ({ i, candidate: base }));
  for (let round = 0; round < 6 && wanted.length > 0; round++) {
    const taken = new Set(
      (
        await tx
          .select({ username: users.username })
          .from(users)
          .where(
            inArray(
              users.username,
              wanted.map((w) => w.candidate),
            ),
          )
      ).map((r) => r.username),
    );
    const again: typeof wanted = [];
    for (const w of wanted) {
      if (taken.has(w.candidate) || used.has(w.candidate)) {
        again.push({ i: w.i, candidate: `${bases[w.i]}${randomInt(1000, 100_000)}` });
      } else {
        used.add(w.candidate);
        chosen[w.i] = w.candidate;
      }
    }
    wanted = again;
  }
  return chosen.map((name, i) => name ?? `${bases[i]}-${randomBytes(4).toString('hex')}`);
}

/** Inserts accounts without a password, confirmed (an admin vouches for the address). */
async function createAccounts(
  tx: Transaction,
  people: readonly PersonValues[],
  profileType: 'student' | 'teacher' | 'coordinator',
): Promise<number[]> {
  if (people.length === 0) return [];
  const usernames = await freeUsernames(
    tx,
    people.map((p) => p.email),
  );
  const roleId = await roleIdOf(tx, profileType);
  // One JSON parameter rather than a VALUES list: a batch's hundreds of rows (statements.ts).
  const inserted = await insertJsonRows(
    tx,
    users,
    people.map((p, i) => ({
      email: p.email,
      username: usernames[i]!,
      password: null,
      confirmed: true,
      blocked: false,
      provider: 'local',
      name: p.name,
      surname: p.surname ?? null,
      phone: p.phone ?? null,
      profileType,
      roleId,
    })),
    ['id', 'email'],
  );
  const idOf = new Map(inserted.map((row) => [String(row.email), Number(row.id)]));
  return people.map((p) => idOf.get(p.email)!);
}

/** Account fields from the file's non-empty cells (the name is never empty). */
async function updateAccounts(
  tx: Transaction,
  rows: readonly { userId: number; values: PersonValues }[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map(({ userId, values }) => ({
    id: userId,
    name: values.name,
    surname: values.surname,
    phone: values.phone,
  }));
  await tx.execute(sql`
    UPDATE up_users u SET
      name = v.name,
      surname = coalesce(v.surname, u.surname),
      phone = coalesce(v.phone, u.phone),
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      AS v(id int, name text, surname text, phone text)
    WHERE u.id = v.id`);
}

const isCreate = (row: PlannedRow): row is Extract<PlannedRow, { action: 'create' }> =>
  row.action === 'create';
type PersonUpdate = Extract<PlannedRow, { action: 'update'; existing: unknown }>;
const isPersonUpdate = (row: PlannedRow): row is PersonUpdate =>
  row.action === 'update' && 'existing' in row;

/* ------------------------------------------------------------------------------------------ */
/* Students and teachers                                                                      */
/* ------------------------------------------------------------------------------------------ */

async function insertStudents(
  tx: Transaction,
  rows: readonly { userId: number; values: StudentValues }[],
): Promise<void> {
  if (rows.length === 0) return;
  const keys = await freePrimaryKeys(tx, 'student', rows.length);
  const now = new Date();
  await insertJsonRows(
    tx,
    students,
    rows.map(({ userId, values }, i) => ({
      userId,
      primaryKey: keys[i]!,
      universityId: values.universityId ?? null,
      campusId: values.campusId ?? null,
      degreeId: values.degreeId ?? null,
      province: values.province ?? null,
      publishedAt: now,
      // Spec §3: preferences default to on (ADR 0031), as for a student who registers.
      notification: { ...DEFAULT_NOTIFICATION_PREFERENCES },
    })),
  );
}

async function insertTeachers(
  tx: Transaction,
  rows: readonly { userId: number; values: TeacherValues }[],
): Promise<void> {
  if (rows.length === 0) return;
  const keys = await freePrimaryKeys(tx, 'teacher', rows.length);
  const now = new Date();
  const inserted = await insertJsonRows(
    tx,
    teachers,
    rows.map(({ userId, values }, i) => ({
      userId,
      primaryKey: keys[i]!,
      universityId: values.universityId ?? null,
      campusId: values.campusId ?? null,
      teacher_area: values.area ?? null,
      // Spec §3 Teacher.invited: the platform invited them.
      invited: true,
      // An admin's file vouches for them (ADR 0051); the job acts for the platform.
      verification: 'verified' as const,
      verification_decided_at: now,
      publishedAt: now,
    })),
    ['id', 'userId'],
  );
  const teacherOf = new Map(inserted.map((row) => [Number(row.user_id), Number(row.id)]));
  await setTeacherDegrees(
    tx,
    rows.map(({ userId, values }) => ({
      teacherId: teacherOf.get(userId)!,
      degreeIds: values.degreeIds,
    })),
  );
}

/** The teachers' degrees become the file's, where the row names any. */
async function setTeacherDegrees(
  tx: Transaction,
  rows: readonly { teacherId: number; degreeIds: number[] | null }[],
): Promise<void> {
  const given = rows.filter((r): r is { teacherId: number; degreeIds: number[] } =>
    Array.isArray(r.degreeIds),
  );
  if (given.length === 0) return;
  await tx.delete(teachersDegrees).where(
    inArray(
      teachersDegrees.teacherId,
      given.map((r) => r.teacherId),
    ),
  );
  const links = given.flatMap((r) =>
    r.degreeIds.map((degreeId) => ({ teacherId: r.teacherId, degreeId })),
  );
  if (links.length > 0) await tx.insert(teachersDegrees).values(links).onConflictDoNothing();
}

/**
 * The profile records of updated people: where the row names a university, university, campus
 * and degree are the file's together (an "other" university typed earlier is dropped);
 * otherwise each non-empty cell replaces its field. A student or teacher account whose record
 * is missing gets one.
 */
async function updateProfiles(
  tx: Transaction,
  kind: 'students' | 'teachers',
  rows: readonly PersonUpdate[],
): Promise<void> {
  if (kind === 'students') {
    const values = rows.map((r) => ({ existing: r.existing, values: r.values as StudentValues }));
    const missing = values.filter((r) => r.existing.studentId === null);
    await insertStudents(
      tx,
      missing.map((r) => ({ userId: r.existing.userId, values: r.values })),
    );
    const records = values
      .filter((r) => r.existing.studentId !== null)
      .map(({ existing, values: v }) => ({
        id: existing.studentId,
        place: v.placeGiven,
        university_id: v.universityId,
        campus_id: v.campusId,
        degree_id: v.degreeId,
        province: v.province,
      }));
    if (records.length === 0) return;
    await tx.execute(sql`
      UPDATE students s SET
        university_id = CASE WHEN v.place THEN v.university_id ELSE s.university_id END,
        campus_id = CASE WHEN v.place THEN v.campus_id ELSE s.campus_id END,
        degree_id = CASE WHEN v.place THEN v.degree_id ELSE coalesce(v.degree_id, s.degree_id) END,
        other_university = CASE WHEN v.place THEN NULL ELSE s.other_university END,
        other_campus = CASE WHEN v.place THEN NULL ELSE s.other_campus END,
        other_degree = CASE WHEN v.place OR v.degree_id IS NOT NULL THEN NULL ELSE s.other_degree END,
        province = coalesce(v.province, s.province),
        updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        AS v(id int, place boolean, university_id int, campus_id int, degree_id int, province text)
      WHERE s.id = v.id`);
    return;
  }
  const values = rows.map((r) => ({ existing: r.existing, values: r.values as TeacherValues }));
  const missing = values.filter((r) => r.existing.teacherId === null);
  await insertTeachers(
    tx,
    missing.map((r) => ({ userId: r.existing.userId, values: r.values })),
  );
  const present = values.filter((r) => r.existing.teacherId !== null);
  const records = present.map(({ existing, values: v }) => ({
    id: existing.teacherId,
    place: v.placeGiven,
    university_id: v.universityId,
    campus_id: v.campusId,
    area: v.area,
  }));
  if (records.length === 0) return;
  await tx.execute(sql`
    UPDATE teachers t SET
      university_id = CASE WHEN v.place THEN v.university_id ELSE t.university_id END,
      campus_id = CASE WHEN v.place THEN v.campus_id ELSE t.campus_id END,
      other_university = CASE WHEN v.place THEN NULL ELSE t.other_university END,
      other_campus = CASE WHEN v.place THEN NULL ELSE t.other_campus END,
      teacher_area = coalesce(v.area, t.teacher_area),
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      AS v(id int, place boolean, university_id int, campus_id int, area text)
    WHERE t.id = v.id`);
  await setTeacherDegrees(
    tx,
    present.map(({ existing, values: v }) => ({
      teacherId: existing.teacherId!,
      degreeIds: v.degreeIds,
    })),
  );
}

async function writePeople(
  tx: Transaction,
  kind: 'students' | 'teachers',
  planned: readonly PlannedRow[],
  context: BatchContext,
): Promise<Map<number, number>> {
  const userOfRow = new Map<number, number>();
  const creates = planned.filter(isCreate);
  const people = creates.map((r) => r.values as StudentValues | TeacherValues);
  const profile = kind === 'students' ? 'student' : 'teacher';
  const ids = await createAccounts(tx, people, profile);
  creates.forEach((r, i) => userOfRow.set(r.row, ids[i]!));
  if (kind === 'students') {
    await insertStudents(
      tx,
      people.map((values, i) => ({ userId: ids[i]!, values: values as StudentValues })),
    );
  } else {
    await insertTeachers(
      tx,
      people.map((values, i) => ({ userId: ids[i]!, values: values as TeacherValues })),
    );
  }
  await queueInvitations(
    tx,
    people.map((p, i): Invitee => ({ userId: ids[i]!, email: p.email, profile })),
    context.render,
    context.pace,
  );

  const updates = planned.filter(isPersonUpdate);
  await updateAccounts(
    tx,
    updates.map((r) => ({ userId: r.existing.userId, values: r.values })),
  );
  await updateProfiles(tx, kind, updates);
  for (const r of updates) userOfRow.set(r.row, r.existing.userId);
  return userOfRow;
}

/* ------------------------------------------------------------------------------------------ */
/* Organisations                                                                              */
/* ------------------------------------------------------------------------------------------ */

function organizationColumns(v: OrganizationValues) {
  return {
    name: v.name,
    type: v.orgType,
    sector: v.sector,
    size: v.size,
    description: v.description,
    location: v.location,
    web: v.web,
    linkedin: v.linkedin,
    contact_name: v.contact_name,
    contact_mail: v.contact_mail,
    contact_phone: v.contact_phone,
  };
}

/** An existing organisation: each non-empty cell replaces its field. */
async function updateOrganization(
  tx: Transaction,
  id: number,
  v: OrganizationValues,
): Promise<void> {
  const set = Object.fromEntries(
    Object.entries(organizationColumns(v)).filter(([, value]) => value !== null),
  );
  await tx
    .update(organizations)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(organizations.id, id));
}

/** The coordinator of a written organisation; answers the account that coordinates it. */
async function writeCoordinator(
  tx: Transaction,
  plan: CoordinatorPlan,
  organizationId: number,
  organizationName: string,
  invitees: Invitee[],
): Promise<number | null> {
  switch (plan.action) {
    case 'none':
      return null;
    case 'create': {
      const [userId] = await createAccounts(tx, [plan.values], 'coordinator');
      await tx.insert(coordinators).values({
        userId: userId!,
        organizationId,
        job_position: plan.values.jobPosition,
      });
      invitees.push({
        userId: userId!,
        email: plan.values.email,
        profile: 'coordinator',
        organizationName,
      });
      return userId!;
    }
    case 'link':
    case 'update': {
      await linkCoordinator(tx, plan, organizationId);
      if (plan.action === 'update') {
        await updateAccounts(tx, [{ userId: plan.userId, values: plan.values }]);
      }
      return plan.userId;
    }
  }
}

async function linkCoordinator(
  tx: Transaction,
  plan: { coordinatorId: number; values: CoordinatorValues },
  organizationId: number,
): Promise<void> {
  const position = plan.values.jobPosition;
  const [linked] = await tx
    .update(coordinators)
    .set({
      organizationId,
      ...(position ? { job_position: position } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(coordinators.id, plan.coordinatorId),
        sql`(${coordinators.organizationId} = ${organizationId} OR ${isNull(coordinators.organizationId)})`,
      ),
    )
    .returning({ id: coordinators.id });
  // Planned inside this transaction under the import lock: only a coordinator who created an
  // organisation meanwhile gets here. The batch is retried and plans them again.
  if (!linked) throw new Error('A coordinator planned without organisation now has one');
}

async function writeOrganizations(
  tx: Transaction,
  planned: readonly PlannedRow[],
  context: BatchContext,
): Promise<Map<number, { organizationId: number; userId: number | null }>> {
  const written = new Map<number, { organizationId: number; userId: number | null }>();
  const invitees: Invitee[] = [];
  for (const row of planned) {
    if (row.action !== 'create' && row.action !== 'update') continue;
    if (!('coordinator' in row)) continue;
    let organizationId: number;
    if (row.action === 'create') {
      const [created] = await tx
        .insert(organizations)
        .values(organizationColumns(row.values))
        .returning({ id: organizations.id });
      organizationId = created!.id;
    } else {
      organizationId = row.organizationId;
      await updateOrganization(tx, organizationId, row.values);
    }
    const userId = await writeCoordinator(
      tx,
      row.coordinator,
      organizationId,
      row.values.name,
      invitees,
    );
    written.set(row.row, { organizationId, userId });
  }
  await queueInvitations(tx, invitees, context.render, context.pace);
  return written;
}

/* ------------------------------------------------------------------------------------------ */
/* A batch                                                                                    */
/* ------------------------------------------------------------------------------------------ */

const OUTCOME_OF: Record<PlannedRow['action'], PeopleImportOutcome> = {
  create: 'created',
  update: 'updated',
  skip: 'skipped',
  invalid: 'failed',
};

/** Writes the batch's rows and answers what happened to each. */
export async function writeBatch(
  tx: Transaction,
  kind: 'students' | 'teachers' | 'organizations',
  planned: readonly PlannedRow[],
  context: BatchContext,
): Promise<RowOutcome[]> {
  const people =
    kind === 'organizations' ? undefined : await writePeople(tx, kind, planned, context);
  const orgs =
    kind === 'organizations' ? await writeOrganizations(tx, planned, context) : undefined;
  return planned.map((row) => {
    const org = orgs?.get(row.row);
    const skipped = row.action === 'skip' ? row : undefined;
    return {
      row: row.row,
      label: row.label,
      outcome: OUTCOME_OF[row.action],
      errors: row.action === 'invalid' ? row.errors : [],
      userId: people?.get(row.row) ?? org?.userId ?? skipped?.userId ?? null,
      organizationId: org?.organizationId ?? skipped?.organizationId ?? null,
    };
  });
}
