import {
  and,
  desc,
  eq,
  exists,
  gte,
  isNotNull,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  applys,
  communicationCenters,
  degrees,
  emailOutbox,
  files,
  organizations,
  projects,
  students,
  studentsFavoriteProjects,
  teachers,
  users,
} from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/strapi/actor';
import { EMAIL_QUEUED_CHANNEL, loadRenderContext, recipientSchema } from '../email/outbox';
import { escapeHtml, renderEmail } from '../email/templates';
import {
  HYBRID_POINTS,
  MATCH_NOTIFY_THRESHOLD,
  MATCH_WEIGHTS,
  normalizeName,
  SAME_TAG_POINTS,
  scoreMatch,
  themeTagsOf,
  type Match,
  type MatchProject,
  type MatchStudent,
} from './matching.score';

/**
 * Project recommendations for a student and the notices of a newly published project that suits
 * them (issue 6, ADR 0026). Candidates are narrowed in SQL (published, open, not applied to;
 * opted-in students), then scored in JS by the one pure function `scoreMatch`.
 */

type Reader = Pick<Database, 'select'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How many recommendations a student gets. */
export const RECOMMENDED_COUNT = 6;
/**
 * Projects scored in full per request: the best by a coarse score PostgreSQL computes (area,
 * place, shared tags: 65 of the 100 points), then the newest. Scoring every open project in JS
 * took seconds per request on a catalogue of 10,000 (bench, ADR 0026).
 */
export const RECOMMENDATION_SCAN_LIMIT = 300;
/** Students scored per publication (the best pre-selected first) and notified at most. */
export const NOTICE_SCAN_LIMIT = 20_000;
export const NOTICE_RECIPIENT_LIMIT = 500;

/** The columns the score reads, for `scoreMatch`. */
const projectMatchColumns = {
  type: projects.type,
  study_areas: projects.study_areas,
  study_subareas: projects.study_subareas,
  tags: projects.tags,
  location: projects.location,
  presentiality: projects.presentiality,
  application_deadline: projects.application_deadline,
};
const studentMatchColumns = {
  student_area: students.student_area,
  degree: sql<string | null>`coalesce(${degrees.name}, ${students.other_degree})`,
  tags: students.tags,
  province: students.province,
  study_type: students.study_type,
  work_deadline: students.work_deadline,
  competences: students.competences,
};

/** Published and still open to applications (the applications refuse a passed deadline). */
const isOpenPublished = and(
  eq(projects.status, 'Publicada'),
  isNotNull(projects.publishedAt),
  or(isNull(projects.application_deadline), gte(projects.application_deadline, sql`current_date`)),
);

export interface Recommendation {
  id: number;
  attributes: ReturnType<typeof presentProject>;
  score: number;
  reasons: string[];
}

/**
 * The best published projects for the signed-in student: not applied to, score above 0, by score
 * then newest. 403 for anyone who is not a student.
 */
export async function recommendedProjects(db: Reader, actor: Actor): Promise<Recommendation[]> {
  if (actor.kind !== 'user' || actor.role !== 'student') throw forbidden();
  const [student] = await db
    .select({ id: students.id, ...studentMatchColumns })
    .from(students)
    .leftJoin(degrees, eq(degrees.id, students.degreeId))
    .where(eq(students.userId, actor.userId))
    .limit(1);
  if (!student) return [];

  const candidates = await db
    .select({ id: projects.id, publishedAt: projects.publishedAt, ...projectMatchColumns })
    .from(projects)
    .where(
      and(
        isOpenPublished,
        notExists(
          db
            .select({ one: sql`1` })
            .from(applys)
            .where(and(eq(applys.projectId, projects.id), eq(applys.studentId, student.id))),
        ),
      ),
    )
    .orderBy(desc(coarseScore(student)), desc(projects.publishedAt), desc(projects.id))
    .limit(RECOMMENDATION_SCAN_LIMIT);

  const today = new Date();
  const best = candidates
    .map((project) => ({ project, match: scoreMatch(student, project, today) }))
    .filter(({ match }) => match.score > 0)
    // Candidates come newest first and Array.prototype.sort is stable: equal scores stay newest first.
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, RECOMMENDED_COUNT);
  if (best.length === 0) return [];

  const rows = await projectCards(
    db,
    best.map(({ project }) => project.id),
    student.id,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return best.flatMap(({ project, match }) => {
    const row = byId.get(project.id);
    return row ? [{ id: row.id, attributes: presentProject(row), ...match }] : [];
  });
}

/** A name as `normalizeName` makes it (case, accents and surrounding spaces ignored), in SQL. */
const normalized = (value: SQL) => sql`lower(unaccent(btrim(${value})))`;

/**
 * The part of the score PostgreSQL can tell cheaply, to pick the projects worth scoring in full:
 * the student's area among the project's (30), the place (same province or remote 15, hybrid 8)
 * and shared interest tags (10 each, 20 at most), with the weights of `MATCH_WEIGHTS`.
 */
function coarseScore(student: Pick<MatchStudent, 'student_area' | 'province' | 'tags'>): SQL {
  const area = student.student_area?.trim() ? normalizeName(student.student_area) : null;
  const province = student.province?.trim() ? normalizeName(student.province) : null;
  const tags = (student.tags ?? []).filter((tag) => tag.trim() !== '').map(normalizeName);
  const parts: SQL[] = [
    sql`CASE WHEN ${projects.presentiality} = 'Remoto' THEN ${MATCH_WEIGHTS.place}
      WHEN ${province === null ? sql`false` : sql`${normalized(sql`${projects.location}`)} = ${province}`} THEN ${MATCH_WEIGHTS.place}
      WHEN ${projects.presentiality} = 'Híbrido' THEN ${HYBRID_POINTS} ELSE 0 END`,
  ];
  if (area !== null) {
    parts.push(sql`CASE WHEN EXISTS (SELECT 1 FROM unnest(${projects.study_areas}) AS "a"
      WHERE ${normalized(sql`"a"`)} = ${area}) THEN ${MATCH_WEIGHTS.area} ELSE 0 END`);
  }
  if (tags.length > 0) {
    parts.push(sql`LEAST(${MATCH_WEIGHTS.tags}, ${SAME_TAG_POINTS} * (SELECT count(*)
      FROM unnest(${projects.tags}) AS "t" WHERE ${normalized(sql`"t"`)} = ANY(${sql.param(tags)}::text[])))`);
  }
  return sql`(${sql.join(parts, sql` + `)})`;
}

/** The fields of a project card, as the search answers them (contract of issue 6). */
async function projectCards(db: Reader, ids: number[], studentId: number) {
  // A private file's address is never shown (the search does the same).
  return db
    .select({
      id: projects.id,
      title: projects.title,
      description: projects.description,
      status: projects.status,
      type: projects.type,
      ods: projects.ods,
      tags: projects.tags,
      study_areas: projects.study_areas,
      study_subareas: projects.study_subareas,
      presentiality: projects.presentiality,
      location: projects.location,
      locality: projects.locality,
      remuneration: projects.remuneration,
      dedication: projects.dedication,
      language: projects.language,
      internship: projects.internship,
      application_deadline: projects.application_deadline,
      publishedAt: projects.publishedAt,
      createdAt: projects.createdAt,
      organizationId: organizations.id,
      organizationName: organizations.name,
      logoUrl: files.url,
      teacherId: teachers.id,
      teacherName: users.name,
      teacherSurname: users.surname,
      saved: exists(
        db
          .select({ one: sql`1` })
          .from(studentsFavoriteProjects)
          .where(
            and(
              eq(studentsFavoriteProjects.projectId, projects.id),
              eq(studentsFavoriteProjects.studentId, studentId),
            ),
          ),
      ).mapWith(Boolean),
    })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(files, and(eq(files.id, organizations.logoId), eq(files.isPrivate, false)))
    .leftJoin(teachers, eq(teachers.id, projects.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId))
    .where(sql`${projects.id} IN (${sql.join(ids, sql`, `)})`);
}

type CardRow = Awaited<ReturnType<typeof projectCards>>[number];

/** Lists every field it sends (house style rule 5). */
function presentProject(row: CardRow) {
  const teacherName = [row.teacherName, row.teacherSurname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    title: row.title,
    description: row.description,
    status: row.status,
    type: row.type,
    ods: row.ods ?? [],
    tags: row.tags ?? [],
    study_areas: row.study_areas ?? [],
    study_subareas: row.study_subareas ?? [],
    presentiality: row.presentiality,
    location: row.location,
    locality: row.locality,
    remuneration: row.remuneration,
    dedication: row.dedication,
    language: row.language,
    internship: row.internship,
    application_deadline: row.application_deadline,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    organization:
      row.organizationId === null
        ? null
        : { id: row.organizationId, name: row.organizationName, logoUrl: row.logoUrl ?? null },
    teacher: row.teacherId === null ? null : { id: row.teacherId, name: teacherName || null },
    saved: row.saved,
    // Projects applied to are never recommended.
    applied: false,
  };
}

/* ---------------------------------------------------------------------------------------- */
/* Notices of a newly published project                                                      */
/* ---------------------------------------------------------------------------------------- */

/** The project's status, read in the write's transaction (before the update, in beforeUpdate). */
export async function projectStatus(tx: Reader, id: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row?.status;
}

export interface NoticeResult {
  /** Communication-centre entries written. */
  notified: number;
  /** Emails queued. */
  emailed: number;
}

/**
 * Tells the opted-in students (notification.new_matching_projects) whose score for this project
 * reaches MATCH_NOTIFY_THRESHOLD that it was published: a communication-centre entry each, and an
 * email to those who did not turn email off (notification.email false) and whose address is
 * confirmed. Set-based and bounded: one query pre-selects students who can reach the threshold
 * (ADR 0026), one insert writes the entries and one the emails; at most NOTICE_RECIPIENT_LIMIT
 * students, the best scores first. Runs inside the publishing write's transaction.
 */
export async function noticeMatchingStudents(
  tx: Tx,
  projectId: number,
  config: { publicUrl: string },
): Promise<NoticeResult> {
  const [project] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      organizationName: organizations.name,
      ...projectMatchColumns,
    })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project || project.status !== 'Publicada') return { notified: 0, emailed: 0 };

  const areas = (project.study_areas ?? []).map(normalizeName);
  const areaMatches = sql`lower(unaccent(btrim(coalesce(${students.student_area}, '')))) = ANY(${sqlTextArray(areas)})`;
  const themeTags = themeTagsOf(project.tags);
  const candidates = await tx
    .select({
      id: students.id,
      email: users.email,
      confirmed: users.confirmed,
      name: users.name,
      emailWanted: sql<boolean>`coalesce((${students.notification}->>'email')::boolean, true)`,
      ...studentMatchColumns,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(degrees, eq(degrees.id, students.degreeId))
    .where(
      and(
        sql`${students.notification} @> '{"new_matching_projects": true}'::jsonb`,
        eq(users.blocked, false),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(applys)
            .where(and(eq(applys.studentId, students.id), eq(applys.projectId, project.id))),
        ),
        canReachThreshold(areaMatches, themeTags),
      ),
    )
    .orderBy(desc(areaMatches), students.id)
    .limit(NOTICE_SCAN_LIMIT);

  const today = new Date();
  const chosen = candidates
    .map((student) => ({ student, match: scoreMatch(student, project, today) }))
    .filter(({ match }) => match.score >= MATCH_NOTIFY_THRESHOLD)
    .sort((a, b) => b.match.score - a.match.score || a.student.id - b.student.id)
    .slice(0, NOTICE_RECIPIENT_LIMIT);
  if (chosen.length === 0) return { notified: 0, emailed: 0 };

  const subject = cut(`Un nuevo proyecto encaja contigo: «${project.title}»`, 255);
  await tx.insert(communicationCenters).values(
    chosen.map(({ student, match }) => ({
      studentId: student.id,
      notification_subject: subject,
      notification_message: noticeHtml(project, match),
    })),
  );

  const context = await loadRenderContext(tx, config);
  const link = `${config.publicUrl.replace(/\/+$/, '')}/projects/${project.id}`;
  const emails = chosen.flatMap(({ student, match }) => {
    if (!student.emailWanted || !student.confirmed) return [];
    if (!recipientSchema.safeParse(student.email).success) return [];
    try {
      const rendered = renderEmail(
        'newMatchingProject',
        {
          name: student.name ?? undefined,
          projectName: project.title,
          organization: project.organizationName ?? undefined,
          score: match.score,
          reasons: match.reasons,
          link,
        },
        context,
      );
      return [{ recipient: student.email, template: 'newMatchingProject', ...rendered }];
    } catch {
      // Data the template refuses (it cannot come from these columns): that student gets the entry only.
      return [];
    }
  });
  if (emails.length > 0) {
    await tx.insert(emailOutbox).values(emails);
    await tx.execute(sql`SELECT pg_notify(${EMAIL_QUEUED_CHANNEL}, '')`);
  }
  return { notified: chosen.length, emailed: emails.length };
}

/**
 * A necessary condition of reaching the threshold, in SQL: without the area and without any tag of
 * the project's themes, a student scores at most the other criteria together (70 − 20 = 50 with the
 * weights of ADR 0026), below the threshold. Skipped if weights change so that it no longer holds.
 */
function canReachThreshold(areaMatches: ReturnType<typeof sql>, themeTags: string[]) {
  const withoutAreaAndTags = 100 - MATCH_WEIGHTS.area - MATCH_WEIGHTS.tags;
  if (withoutAreaAndTags >= MATCH_NOTIFY_THRESHOLD) return sql`true`;
  return sql`(${areaMatches} OR EXISTS (SELECT 1 FROM unnest(${students.tags}) AS t(tag) WHERE lower(unaccent(btrim(t.tag))) = ANY(${sqlTextArray(themeTags)})))`;
}

/** A text[] parameter (an empty array matches nothing). */
function sqlTextArray(values: string[]) {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
}

function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The communication-centre message: HTML, every value escaped (the centre shows it as HTML). */
function noticeHtml(project: { id: number; title: string }, match: Match): string {
  const reasons = match.reasons.map((r) => `<li>${escapeHtml(capitalize(r))}.</li>`).join('');
  return (
    `<p>Se ha publicado el proyecto <strong>${escapeHtml(project.title)}</strong>, que encaja con tu perfil (${match.score} sobre 100).</p>` +
    (reasons ? `<ul>${reasons}</ul>` : '') +
    `<p><a href="/projects/${project.id}">Ver el proyecto</a></p>`
  );
}

export type { MatchProject, MatchStudent };
