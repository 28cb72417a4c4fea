import { sql } from 'drizzle-orm';
import { degrees, projects, students } from '../../db/schema';

/** What `scoreMatch` reads of a project and of a student, as columns (matching.score.ts). */

/** The columns the score reads, for `scoreMatch`. */
export const projectMatchColumns = {
  type: projects.type,
  study_areas: projects.study_areas,
  study_subareas: projects.study_subareas,
  tags: projects.tags,
  location: projects.location,
  presentiality: projects.presentiality,
  application_deadline: projects.application_deadline,
};
export const studentMatchColumns = {
  student_area: students.student_area,
  degree: sql<string | null>`coalesce(${degrees.name}, ${students.other_degree})`,
  tags: students.tags,
  province: students.province,
  study_type: students.study_type,
  work_deadline: students.work_deadline,
  competences: students.competences,
};
