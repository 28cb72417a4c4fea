import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import {
  applys,
  communicationCenters,
  degrees,
  organizations,
  projects,
  students,
  users,
} from '../../db/schema';
import type { Queryable, Transaction } from '../../db/handles';
import { loadRenderContext, queueEmails } from '../../lib/mail/outbox';
import { escapeHtml } from '../../lib/mail/templates';
import { projectMatchColumns, studentMatchColumns } from './matching.columns';
import {
  MATCH_NOTIFY_THRESHOLD,
  MATCH_WEIGHTS,
  normalizeName,
  scoreMatch,
  themeTagsOf,
  type Match,
} from './matching.score';

/**
 * Notices of a newly published project to the students it suits (ADR 0026): opted-in students are
 * narrowed in SQL, scored in JS by `scoreMatch`, and told in the publishing write's transaction.
 */

/** Students scored per publication (the best pre-selected first) and notified at most. */
export const NOTICE_SCAN_LIMIT = 20_000;
export const NOTICE_RECIPIENT_LIMIT = 500;

/** Whether the project is published, read in the write's transaction (before it, in beforeUpdate). */
export async function isPublished(tx: Queryable, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ publishedAt: projects.publishedAt })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row?.publishedAt !== null && row?.publishedAt !== undefined;
}

export interface NoticeResult {
  /** Communication-centre entries written. */
  notified: number;
  /** Emails queued. */
  emailed: number;
}

/**
 * Tells the students who did not turn notification.new_matching_projects off whose score for this project
 * reaches MATCH_NOTIFY_THRESHOLD that it was published: a communication-centre entry each, and an
 * email to those who did not turn email off (notification.email false) and whose address is
 * confirmed. Set-based and bounded: one query pre-selects students who can reach the threshold
 * (ADR 0026), one insert writes the entries and one the emails; at most NOTICE_RECIPIENT_LIMIT
 * students, the best scores first. Runs inside the publishing write's transaction.
 */
export async function noticeMatchingStudents(
  tx: Transaction,
  projectId: number,
  config: { publicUrl: string },
): Promise<NoticeResult> {
  const [project] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      publishedAt: projects.publishedAt,
      organizationName: organizations.name,
      ...projectMatchColumns,
    })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project || project.publishedAt === null) return { notified: 0, emailed: 0 };

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
        // Opt-out like every preference (ADR 0031): only an explicit false keeps a student out.
        sql`coalesce((${students.notification}->>'new_matching_projects')::boolean, true)`,
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
  const emailed = await queueEmails(
    tx,
    chosen
      .filter(({ student }) => student.emailWanted && student.confirmed)
      .map(({ student, match }) => ({
        to: student.email,
        template: 'newMatchingProject' as const,
        data: {
          name: student.name ?? undefined,
          projectName: project.title,
          organization: project.organizationName ?? undefined,
          score: match.score,
          reasons: match.reasons,
          link,
        },
      })),
    context,
    // An address or data the template refuses: that student gets the entry only.
    { skipInvalid: true },
  );
  return { notified: chosen.length, emailed };
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
