/** Business constants and limits of spec §9, shared by the web forms and the API checks. */

/** Notifications shown at first and added by each "Ver notificaciones antiguas" (spec §4, §9). */
export const NOTIFICATION_PAGE_STEP = 3;

/** Page size of the option fetchers of dynamic comboboxes (spec §7, §9). */
export const OPTION_PAGE_SIZE = 10;

/** Lifetime of the token cookie when "remember me" is ticked (spec §4 Session, §9). */
export const REMEMBER_ME_DAYS = 30;

/** Upload size hint (spec §5, §9 "File size hint 15MB"). */
export const FILE_SIZE_LIMIT_MB = 15;
export const FILE_SIZE_LIMIT_BYTES = FILE_SIZE_LIMIT_MB * 1024 * 1024;

/** File extensions an upload accepts (spec §5, §9). */
export const ALLOWED_FILE_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'svg'] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];

/** Theme colour and default font (spec §3 Branding, §9). */
export const THEME_COLOR = '#1226AA';
export const DEFAULT_FONT = 'Montserrat';

/** Default country of phone inputs and the most digits after the prefix (spec §5, §9). */
export const DEFAULT_PHONE_COUNTRY = 'ES';
export const PHONE_MAX_DIGITS = 15;

/**
 * Profile primary keys: a letter plus a code of at least 4 digits (spec §3 Student/Teacher, §9).
 * The database CHECKs accept more digits so the numbering never runs out.
 */
export const PRIMARY_KEY_PREFIXES = { student: 'E', teacher: 'P' } as const;
export const PRIMARY_KEY_MIN_DIGITS = 4;

/** Password length bounds, checked by the API and shown by the web forms (ADR 0008). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** What a person reads when a new password breaks a length rule, or its repetition differs. */
export const PASSWORD_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`,
  mismatch: 'Las contraseñas no coinciden.',
  /** Beside every new password's field. */
  hint: `Al menos ${PASSWORD_MIN_LENGTH} caracteres. Una frase que recuerdes es más segura que una palabra con símbolos.`,
} as const;

/*
 * Longest texts a person writes in the forms. The web shows each one (a textarea's counter, spec
 * §5 "Longitud máxima alcanzada.") and the API refuses a longer text with a 400, so a client that
 * skips the forms is held to the same limit. The spec gives none of these numbers.
 */

/** Longest "Otra" text that stands for an option of a closed list (spec §4 Other option). */
export const OTHER_TEXT_MAX_LENGTH = 100;

/** Longest tag of a student's interests; the API refuses a longer one. */
export const TAG_MAX_LENGTH = 100;

/** Longest description of a project. */
export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;
/** Longest objectives, ODS explanation, academic profile, requirements, method of a project. */
export const PROJECT_TEXT_MAX_LENGTH = 3000;

/** Longest answer to each question of an application (interest, motivation, why, availability). */
export const APPLICATION_ANSWER_MAX_LENGTH = 2000;
/** Longest message a reviewer sends the student with an application's new status. */
export const APPLICATION_STATUS_MESSAGE_MAX_LENGTH = 2000;

/** Longest reason of a rejection (a project, a final work): its author reads it in an email. */
export const REJECTION_REASON_MAX_LENGTH = 2000;

/** Longest summary of a final work (spec §3 TFX). */
export const TFX_SUMMARY_MAX_LENGTH = 3000;

/** Longest description of an organisation. */
export const ORGANIZATION_DESCRIPTION_MAX_LENGTH = 3000;

/** Longest introduction of a resource (plain text under its title). */
export const RESOURCE_INTRODUCTION_MAX_LENGTH = 1000;

/** Longest title of a resource (its column). */
export const RESOURCE_TITLE_MAX_LENGTH = 255;

/** Longest web address stored (a resource's link, any http(s) link field). */
export const LINK_MAX_LENGTH = 1000;

/** Longest alternative text of an uploaded file (`fileInfo`). */
export const FILE_ALT_TEXT_MAX_LENGTH = 255;

/** A list of labels (a work's or a resource's tags, a resource's purposes): how many, how long. */
export const LABELS_MAX = 50;
export const LABEL_MAX_LENGTH = 100;

/** Longest contact answers of the competence questionnaire (spec §5 shows no bounds). */
export const QUESTIONNAIRE_CONTACT_LIMITS = { name: 100, surname: 100, email: 254 } as const;

/** Longest texts and most placements of a campaign banner (spec §2 Banners). */
export const BANNER_LIMITS = {
  title: 120,
  message: 500,
  linkLabel: 80,
  linkUrl: 1000,
  path: 200,
  placements: 20,
} as const;

/** Sizes of the footer's content (spec §3 Footer content): list lengths, text lengths, pixels. */
export const FOOTER_LIMITS = {
  sections: 10,
  rows: 12,
  columns: 12,
  images: 20,
  links: 50,
  languages: 20,
  text: 255,
  url: 1000,
  language: 10,
  optionValue: 10,
  optionLabel: 50,
  imageSize: 4000,
} as const;
