/**
 * Status and option vocabularies shared by the API (validation, CHECK constraints) and the web
 * (labels, filters). The spec does not list most of them; the choice is recorded in
 * docs/decisions/0004-status-vocabularies.md.
 */

/** Roles a user can hold (spec §3 Roles). */
export const PROFILE_TYPES = ['student', 'teacher', 'coordinator', 'admin'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Who a campaign banner may be limited to: visitors and each profile type (spec §2 Banners). */
export const BANNER_AUDIENCES = ['visitor', ...PROFILE_TYPES] as const;
export type BannerAudience = (typeof BANNER_AUDIENCES)[number];

/** Area path segment of each role (spec §2). */
export const ROLE_AREA_SLUGS: Record<ProfileType, string> = {
  student: 'estudiantes',
  coordinator: 'organizaciones',
  teacher: 'profesores',
  admin: 'admin',
};

/** Project workflow: Pendiente → Por validar → Validada/Rechazada → Publicada → Terminada. */
export const PROJECT_STATUSES = [
  'Pendiente',
  'Por validar',
  'Validada',
  'Publicada',
  'Rechazada',
  'Terminada',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Application (apply) statuses; only "Seleccionado" appears in the spec. */
export const APPLICATION_STATUSES = [
  'Enviada',
  'En revisión',
  'Preseleccionado',
  'Seleccionado',
  'Suplente',
  'No seleccionado',
  'Retirada',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Kinds of project (spec §1: social-impact projects and final-degree works). */
export const PROJECT_TYPES = ['Impacto social', 'TFG/TFM'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Study types and teacher class types (spec §3 Profile form options). */
export const STUDY_TYPES = ['Grado', 'Máster'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

/** Work deadline options (spec §3); the last one asks for an approximation. */
export const WORK_DEADLINES = [
  'Acabo de empezar mi carrera o máster',
  'Elijo el curso que viene',
  'Elijo este curso',
  'Tengo que elegir ya de ya',
  'No lo sé',
] as const;
export type WorkDeadline = (typeof WORK_DEADLINES)[number];

/**
 * Thesis stage of a student (spec §4). The same keys are the TFX status ("/tfx/create/form?status=
 * finished") and a resource's tfx_status (the stage a resource is written for).
 */
export const THESIS_STAGES = ['unknown', 'choosing', 'doing', 'finished'] as const;
export type ThesisStage = (typeof THESIS_STAGES)[number];
export const THESIS_STAGE_LABELS: Record<ThesisStage, string> = {
  unknown: 'No lo tengo que hacer aún',
  choosing: 'Eligiendo el tema',
  doing: 'Haciendo el TFG/M',
  finished: 'Ya he terminado mi TFG/M',
};

/**
 * Where a final work uploaded by a student stands in the staff review (ADR 0036): a new or
 * corrected work is pending and only its author and admins see it; an admin publishes it
 * (publishedAt is set) or rejects it with a reason, and the author may correct and resubmit it.
 */
export const TFX_REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type TfxReviewStatus = (typeof TFX_REVIEW_STATUSES)[number];
export const TFX_REVIEW_STATUS_LABELS: Record<TfxReviewStatus, string> = {
  pending: 'Pendiente de revisión',
  published: 'Publicado',
  rejected: 'Rechazado',
};

/**
 * Whether the text of a work's PDF is in the search index (ADR 0036): `none` without a PDF,
 * `pending` while the background job reads it, `indexed`, or `empty` when the PDF holds no
 * readable text (image-only, encrypted or damaged: kept and listed, "sin texto indexable").
 */
export const TFX_TEXT_STATUSES = ['none', 'pending', 'indexed', 'empty'] as const;
export type TfxTextStatus = (typeof TFX_TEXT_STATUSES)[number];

/** Student goal (spec §4). */
export const STUDENT_GOALS = ['unknown', 'work', 'study'] as const;
export type StudentGoal = (typeof STUDENT_GOALS)[number];
export const STUDENT_GOAL_LABELS: Record<StudentGoal, string> = {
  unknown: 'Orientación',
  work: 'Encontrar trabajo o prácticas',
  study: 'Seguir estudiando',
};

/** How a project is carried out. */
export const PRESENTIALITY_OPTIONS = ['Presencial', 'Remoto', 'Híbrido'] as const;
export type Presentiality = (typeof PRESENTIALITY_OPTIONS)[number];

/** Weekly dedication a project asks for. */
export const DEDICATION_OPTIONS = [
  'Menos de 5 horas semanales',
  'Entre 5 y 10 horas semanales',
  'Entre 10 y 20 horas semanales',
  'Más de 20 horas semanales',
] as const;
export type Dedication = (typeof DEDICATION_OPTIONS)[number];

/** Features whose switches come from the server (spec §3 Permissions per feature). */
export const FEATURES = [
  'projects',
  'tfxes',
  'tfx',
  'externalTfxes',
  'resources',
  'organizations',
  'notifications',
] as const;
export type Feature = (typeof FEATURES)[number];

/** States of an email in the outbox (ADR 0009): waiting or retrying, delivered, given up. */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
