import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { TfxCard } from '@plataforma/shared';
import { students, studentsFavoriteTfxes, tfxes } from '../../db/schema';
import { isAdmin, type Actor } from '../../lib/strapi/actor';
import type { TableSink } from '../../lib/strapi/engine';
import { iso } from '../projects/projects.cards';

/**
 * The card of a final work (the shared contract's `TfxCard`): what every list of works answers
 * for each one, rendered by PostgreSQL from the row aliased `t`. Its members are listed one by
 * one (house style rule 5): the PDF's text, the review and the author's student never leave.
 */

/** A column of the work row aliased `t`. */
export const t = (column: string) => sql.raw(`"t"."${column}"`);

type CardMember = [name: keyof TfxCard, value: SQL];

/**
 * The card's members for this reader, `snippets` given by the search (NULL elsewhere). The
 * author's name is shown for external works only (the platform's students are not named in
 * the library; ADR 0038), students also get whether they saved the work, admins its text status.
 */
export function tfxCardMembers(
  actor: Actor,
  tables: TableSink | undefined,
  snippets: SQL = sql`NULL::json`,
): CardMember[] {
  tables?.add(getTableName(tfxes));
  const members: CardMember[] = [
    ['title', t('title')],
    ['summary', t('summary')],
    ['language', t('language')],
    ['sector', t('sector')],
    ['awarded', t('awarded')],
    ['tfxDate', sql`${t('tfx_date')}::text`],
    ['release_month', t('release_month')],
    ['external', t('external')],
    ['author_name', sql`CASE WHEN ${t('external')} THEN ${t('author_name')} END`],
    ['institution', t('institution')],
    ['degree_name', t('degree_name')],
    ['study_area', t('study_area')],
    ['file_URL', t('file_url')],
    ['views_count', t('views_count')],
    ['downloads_count', t('downloads_count')],
    ['publishedAt', iso(t('published_at'))],
    ['createdAt', iso(t('created_at'))],
    ['tags', sql`coalesce(${t('tags')}, '{}')`],
    ['ods', sql`coalesce(${t('ods')}, '{}')`],
    ['year', sql`extract(year from ${t('tfx_date')})::int`],
    ['hasFile', sql`${t('file_id')} IS NOT NULL`],
    ['snippets', snippets],
  ];
  if (actor.kind === 'user' && actor.role === 'student') {
    tables?.add(getTableName(students));
    tables?.add(getTableName(studentsFavoriteTfxes));
    members.push([
      'saved',
      sql`EXISTS (SELECT 1 FROM ${studentsFavoriteTfxes} l JOIN ${students} s ON s.id = l.student_id
                  WHERE s.user_id = ${actor.userId} AND l.tfx_id = ${t('id')})`,
    ]);
  }
  if (isAdmin(actor)) members.push(['text_status', t('text_status')]);
  return members;
}

/** `json_build_object` of the card's members. */
export const cardObject = (members: CardMember[]) =>
  sql`json_build_object(${sql.join(
    members.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;
