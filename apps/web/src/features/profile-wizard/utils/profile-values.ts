import {
  OTHER_OPTION,
  PROVINCES,
  REACHED_US_HOW_OPTIONS,
  STUDENT_GOALS,
  STUDENT_TAGS,
  STUDY_TYPES,
  THESIS_STAGES,
  WORK_DEADLINES,
  STUDY_AREAS,
  withDefaultPreferences,
  type StudentWrite,
  type TeacherWrite,
} from '@plataforma/shared';
import type { FormValue, FormValues } from '../../../forms/types';
import type { RelationEnvelope, StudentAttributes, TeacherAttributes } from '../types';
import {
  NO,
  NOTIFICATION_CHOICES,
  notificationField,
  UNKNOWN_WORK_DEADLINE,
  YES,
} from './wizard-items';

const PROVINCE_NAMES: readonly string[] = PROVINCES.map((province) => province.name);
const AREA_NAMES: readonly string[] = STUDY_AREAS.map((area) => area.name);
const REACHED_US: readonly string[] = REACHED_US_HOW_OPTIONS;
const TAGS: readonly string[] = STUDENT_TAGS;

/** A relation as the update writes it: `{set: [ids]}` (empty clears it). */
interface RelationSet {
  set: number[];
}

export interface ProfilePayload<
  W extends StudentWrite | TeacherWrite = StudentWrite | TeacherWrite,
> {
  /** The update's `data` (the shared contract's write): attributes and catalogue relations. */
  data: W;
  /** `PUT /api/user/me {phone}` when the wizard asked it. */
  phone?: string;
}

const text = (value: FormValue): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A value of a closed list (the options the wizard offers), else null. */
function choiceOf<T extends string>(value: FormValue, allowed: readonly T[]): T | null {
  const chosen = text(value);
  return (allowed as readonly (string | null)[]).includes(chosen) ? (chosen as T) : null;
}

const list = (value: FormValue): string[] => (Array.isArray(value) ? value : []);

/** A related catalogue entry as the option value the comboboxes hold: its id as text. */
const idOf = (relation: RelationEnvelope | undefined) =>
  relation?.data ? String(relation.data.id) : undefined;

/** The catalogue entries chosen in a field (ids), "Otra" and anything else left out. */
function chosenIds(value: FormValue): number[] {
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return chosen.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

const relationSet = (value: FormValue, max = Infinity): RelationSet => ({
  set: chosenIds(value).slice(0, max),
});

/** The text of "Otra" when it is chosen, else null (the column is cleared). */
const otherText = (values: FormValues, field: string, textField: string) =>
  values[field] === OTHER_OPTION ? text(values[textField]) : null;

/** A stored free value of a closed list: itself when listed, else "Otra" plus the text. */
function fromListed(
  stored: string | null | undefined,
  listed: readonly string[],
  otherField: string,
) {
  if (!stored) return {};
  return listed.includes(stored)
    ? { [stripOther(otherField)]: stored }
    : { [stripOther(otherField)]: OTHER_OPTION, [otherField]: stored };
}
const stripOther = (field: string) => field.replace(/_other$/, '');

/** The chosen option, or the "Otra" text when "Otra" is chosen. */
const toListed = (values: FormValues, field: string) =>
  values[field] === OTHER_OPTION ? text(values[`${field}_other`]) : text(values[field]);

/** A catalogue relation: its id, or "Otra" when the other_* text is what was answered. */
function fromRelation(relation: RelationEnvelope | undefined, other?: string | null) {
  return idOf(relation) ?? (other ? OTHER_OPTION : undefined);
}

/** The student record as the wizard's values (so reopening it shows what was saved). */
export function toStudentValues(attributes: StudentAttributes): FormValues {
  const tags = attributes.tags ?? [];
  const otherTags = tags.filter((tag) => !TAGS.includes(tag));
  const values: FormValues = {
    university: fromRelation(attributes.university, attributes.other_university),
    other_university: attributes.other_university ?? undefined,
    campus: fromRelation(attributes.campus, attributes.other_campus),
    other_campus: attributes.other_campus ?? undefined,
    degree: fromRelation(attributes.degree, attributes.other_degree),
    other_degree: attributes.other_degree ?? undefined,
    study_type: attributes.study_type ?? undefined,
    ...fromListed(attributes.province, PROVINCE_NAMES, 'province_other'),
    ...fromListed(attributes.student_area, AREA_NAMES, 'student_area_other'),
    work_deadline: attributes.work_deadline ?? undefined,
    work_deadline_estimate: attributes.work_deadline_estimate ?? undefined,
    thesis_stage: attributes.thesis_stage ?? undefined,
    goal: attributes.goal ?? undefined,
    ...fromListed(attributes.reachedUsHow, REACHED_US, 'reachedUsHow_other'),
    disability:
      attributes.disability === true ? YES : attributes.disability === false ? NO : undefined,
  };
  if (tags.length > 0) {
    values.tags = [
      ...tags.filter((tag) => TAGS.includes(tag)),
      ...(otherTags.length > 0 ? [OTHER_OPTION] : []),
    ];
    if (otherTags.length > 0) values.tags_other = otherTags.join(', ');
  }
  // Spec §3: what the student never turned off is on (ADR 0031), so finishing the wizard keeps it.
  const notification = withDefaultPreferences(attributes.notification);
  for (const { key } of NOTIFICATION_CHOICES) {
    values[notificationField(key)] = notification[key];
  }
  return values;
}

/** The wizard's values as the student update (`PUT /api/students/:id`). */
export function toStudentPayload(values: FormValues): ProfilePayload<StudentWrite> {
  const otherTags = (text(values.tags_other) ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  const workDeadline = choiceOf(values.work_deadline, WORK_DEADLINES);
  const disability = values.disability === YES ? true : values.disability === NO ? false : null;
  const data: StudentWrite = {
    university: relationSet(values.university),
    campus: relationSet(values.campus),
    degree: relationSet(values.degree, 1),
    other_university: otherText(values, 'university', 'other_university'),
    other_campus: otherText(values, 'campus', 'other_campus'),
    other_degree: otherText(values, 'degree', 'other_degree'),
    study_type: choiceOf(values.study_type, STUDY_TYPES),
    province: toListed(values, 'province'),
    student_area: toListed(values, 'student_area'),
    work_deadline: workDeadline,
    work_deadline_estimate:
      workDeadline === UNKNOWN_WORK_DEADLINE ? text(values.work_deadline_estimate) : null,
    tags: [...list(values.tags).filter((tag) => tag !== OTHER_OPTION), ...otherTags],
    thesis_stage: choiceOf(values.thesis_stage, THESIS_STAGES),
    goal: choiceOf(values.goal, STUDENT_GOALS),
    reachedUsHow: toListed(values, 'reachedUsHow'),
    disability,
    notification: Object.fromEntries(
      NOTIFICATION_CHOICES.map(({ key }) => [key, values[notificationField(key)] === true]),
    ),
  };
  const phone = text(values.phone);
  return { data, ...(phone ? { phone } : {}) };
}

/** The teacher record as the wizard's values. */
export function toTeacherValues(attributes: TeacherAttributes): FormValues {
  const degrees = attributes.degrees?.data.map((degree) => String(degree.id)) ?? [];
  return {
    university: fromRelation(attributes.university, attributes.other_university),
    other_university: attributes.other_university ?? undefined,
    campus: fromRelation(attributes.campus, attributes.other_campus),
    other_campus: attributes.other_campus ?? undefined,
    class_type: attributes.class_type ?? undefined,
    degrees: degrees.length > 0 ? degrees : undefined,
    ...fromListed(attributes.teacher_area, AREA_NAMES, 'teacher_area_other'),
    notification_deadline: attributes.notification_deadline ?? undefined,
  };
}

/** The wizard's values as the teacher update (`PUT /api/teachers/:id`). */
export function toTeacherPayload(values: FormValues): ProfilePayload<TeacherWrite> {
  return {
    data: {
      university: relationSet(values.university),
      campus: relationSet(values.campus),
      degrees: relationSet(values.degrees),
      other_university: otherText(values, 'university', 'other_university'),
      other_campus: otherText(values, 'campus', 'other_campus'),
      class_type: choiceOf(values.class_type, STUDY_TYPES),
      teacher_area: toListed(values, 'teacher_area'),
      notification_deadline: text(values.notification_deadline),
    },
  };
}
