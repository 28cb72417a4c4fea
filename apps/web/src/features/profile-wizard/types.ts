import type { GetOptions } from '../../forms/types';

/** The two roles with a profile-completion wizard (spec §2 Modals). */
export type WizardRole = 'student' | 'teacher';

/** The catalogue option fetchers the items use (forms/catalogue), passed in by the route. */
export interface CatalogueFetchers {
  universities: GetOptions;
  campuses: GetOptions;
  degrees: GetOptions;
}

/** A related record as `populate` answers it. */
export interface RelationEnvelope {
  data: { id: number; attributes: { name: string } } | null;
}

/** The student record's attributes the wizard reads (apps/api profiles schema). */
export interface StudentAttributes {
  university?: RelationEnvelope;
  campus?: RelationEnvelope;
  degree?: RelationEnvelope;
  other_university?: string | null;
  other_campus?: string | null;
  other_degree?: string | null;
  province?: string | null;
  student_area?: string | null;
  study_type?: string | null;
  work_deadline?: string | null;
  work_deadline_estimate?: string | null;
  tags?: string[] | null;
  thesis_stage?: string | null;
  goal?: string | null;
  reachedUsHow?: string | null;
  disability?: boolean | null;
  notification?: Partial<Record<string, boolean>> | null;
}

/** The teacher record's attributes the wizard reads. */
export interface TeacherAttributes {
  university?: RelationEnvelope;
  campus?: RelationEnvelope;
  other_university?: string | null;
  other_campus?: string | null;
  degrees?: { data: { id: number; attributes: { name: string } }[] };
  teacher_area?: string | null;
  class_type?: string | null;
  notification_deadline?: string | null;
}
