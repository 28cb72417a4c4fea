import { emailSchema } from '../schemas/account';
import {
  AA_TEXT_CONTRAST,
  BRAND_COLOUR_PATTERN,
  brandContrastChecks,
  formatContrastRatio,
  type BrandColourField,
} from './color';
import { NAME_MAX_LENGTH, SURNAME_MAX_LENGTH } from './field-rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './limits';

/**
 * The first start of an installation (ADR 0064): the setup link the server prints while no
 * administrator exists opens `/setup`, whose form creates the first administrator, names the
 * installation and its universities and chooses the two main colours. The rules of that form,
 * with the Spanish messages both the page and the API's 400 say, live here.
 */

/** How long a setup link works, unless it is used first. */
export const SETUP_TOKEN_TTL_HOURS = 24;
/** Universities named at the first start, at most (more are added in "Facultades y Grados"). */
export const SETUP_MAX_UNIVERSITIES = 20;
/** The columns of the installation's name, a university's and the branding's university name. */
export const SETUP_TEXT_MAX_LENGTH = 255;

/** What the setup form sends besides its token (`POST /api/setup`). */
export interface SetupFields {
  name: string;
  surname?: string | undefined;
  email: string;
  password: string;
  passwordConfirmation: string;
  /** The installation's name (branding `projectName`). */
  projectName: string;
  /** The universities the installation serves, one or more. */
  universities: readonly string[];
  mainColor: string;
  secondaryColor: string;
  /** The contact address of the branding (`mailTo`), optional. */
  mailTo?: string | undefined;
}
export type SetupField = keyof SetupFields;

/** The messages of the setup form's rules (spec §5 texts where the spec has one). */
export const SETUP_MESSAGES = {
  required: 'Este campo es obligatorio.',
  format: 'Formato no válido.',
  tooLong: 'Longitud máxima alcanzada.',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordsDiffer: PASSWORD_MESSAGES.mismatch,
  emailTaken: 'Ya existe una cuenta con este correo. Usa otro para el administrador.',
  universitiesRequired: 'Añade al menos una universidad.',
  universitiesTooMany: `Como máximo ${SETUP_MAX_UNIVERSITIES} universidades. Podrás añadir más en «Facultades y Grados».`,
  universityRepeated: 'Esta universidad ya está en la lista.',
  universitiesTooLong: `Los nombres de las universidades, juntos, no pueden pasar de ${SETUP_TEXT_MAX_LENGTH} caracteres (son el nombre de la universidad de la marca). Acórtalos.`,
  lowContrast: (label: string, ratio: number) =>
    `Poco contraste: ${label}, ${formatContrastRatio(ratio)} (el mínimo es ${formatContrastRatio(AA_TEXT_CONTRAST)}). Elige un tono más oscuro o más claro.`,
} as const;

/** A problem of the setup form: the field (a university's row as `['universities', '2']`). */
export interface SetupProblem {
  path: string[];
  message: string;
}

/** A name as it is stored: inner runs of spaces made one, trimmed. */
export function tidySetupText(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** How two names are compared: case, accents and runs of spaces aside. */
export function foldSetupName(value: string): string {
  return tidySetupText(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "A", "A y B", "A, B y C": the universities as the branding's one university name. */
export function joinUniversityNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
}

const CONTROL = /\p{Cc}/u;

/** A one-line text: required or not, at most `max` characters. */
function textProblem(value: string | undefined, max: number, required: boolean) {
  const text = tidySetupText(value ?? '');
  if (text === '') return required ? SETUP_MESSAGES.required : undefined;
  if (CONTROL.test(value ?? '')) return SETUP_MESSAGES.format;
  if ([...text].length > max) return SETUP_MESSAGES.tooLong;
  return undefined;
}

function emailProblem(value: string | undefined, required: boolean) {
  const text = (value ?? '').trim();
  if (text === '') return required ? SETUP_MESSAGES.required : undefined;
  return emailSchema.safeParse(text).success ? undefined : SETUP_MESSAGES.format;
}

/** The length rules of a new password (the API also refuses common ones, ADR 0008). */
export function setupPasswordProblem(password: string): string | undefined {
  if (password === '') return SETUP_MESSAGES.required;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return SETUP_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return SETUP_MESSAGES.passwordTooLong;
  return undefined;
}

/** A brand colour: #rgb or #rrggbb, whose pairs reach WCAG AA (the branding editor's rule). */
export function setupColourProblem(field: BrandColourField, value: string): string | undefined {
  const colour = value.trim();
  if (colour === '') return SETUP_MESSAGES.required;
  if (!BRAND_COLOUR_PATTERN.test(colour)) return SETUP_MESSAGES.format;
  const failing = brandContrastChecks({ [field]: colour }).find((check) => !check.passes);
  return failing ? SETUP_MESSAGES.lowContrast(failing.label, failing.ratio) : undefined;
}

/** The first administrator's fields. */
export type SetupAccountFields = Pick<
  SetupFields,
  'name' | 'surname' | 'email' | 'password' | 'passwordConfirmation'
>;
/** The installation's fields. */
export type SetupInstallationFields = Omit<SetupFields, keyof SetupAccountFields>;

type Add = (path: string[], message: string | undefined) => void;

function collector(): { problems: SetupProblem[]; add: Add } {
  const problems: SetupProblem[] = [];
  return {
    problems,
    add: (path, message) => {
      if (message) problems.push({ path, message });
    },
  };
}

/** The problems of the administrator's fields (the API adds its list of common passwords). */
export function setupAccountProblems(input: SetupAccountFields): SetupProblem[] {
  const { problems, add } = collector();
  add(['name'], textProblem(input.name, NAME_MAX_LENGTH, true));
  add(['surname'], textProblem(input.surname, SURNAME_MAX_LENGTH, false));
  add(['email'], emailProblem(input.email, true));
  add(['password'], setupPasswordProblem(input.password));
  if (input.passwordConfirmation === '') {
    add(['passwordConfirmation'], SETUP_MESSAGES.required);
  } else if (input.passwordConfirmation !== input.password) {
    add(['passwordConfirmation'], SETUP_MESSAGES.passwordsDiffer);
  }
  return problems;
}

/** The problems of the installation's name, universities, colours and contact address. */
export function setupInstallationProblems(input: SetupInstallationFields): SetupProblem[] {
  const { problems, add } = collector();
  add(['projectName'], textProblem(input.projectName, SETUP_TEXT_MAX_LENGTH, true));
  problems.push(...universityProblems(input.universities));
  add(['mainColor'], setupColourProblem('mainColor', input.mainColor));
  add(['secondaryColor'], setupColourProblem('secondaryColor', input.secondaryColor));
  add(['mailTo'], emailProblem(input.mailTo, false));
  return problems;
}

/**
 * Every problem of the setup form, in the order of the form, each at its field: the page shows
 * them before sending and the API answers them as its 400 (nothing is written then).
 */
export function setupProblems(input: SetupFields): SetupProblem[] {
  return [...setupAccountProblems(input), ...setupInstallationProblems(input)];
}

/** Each university's row is required, at most 255 characters and not a repeat of an earlier one. */
function universityProblems(names: readonly string[]): SetupProblem[] {
  if (names.length === 0) {
    return [{ path: ['universities'], message: SETUP_MESSAGES.universitiesRequired }];
  }
  if (names.length > SETUP_MAX_UNIVERSITIES) {
    return [{ path: ['universities'], message: SETUP_MESSAGES.universitiesTooMany }];
  }
  const problems: SetupProblem[] = [];
  const seen = new Set<string>();
  names.forEach((name, index) => {
    const path = ['universities', String(index)];
    const problem = textProblem(name, SETUP_TEXT_MAX_LENGTH, true);
    if (problem) {
      problems.push({ path, message: problem });
      return;
    }
    const key = foldSetupName(name);
    if (seen.has(key)) problems.push({ path, message: SETUP_MESSAGES.universityRepeated });
    seen.add(key);
  });
  if (
    problems.length === 0 &&
    [...joinUniversityNames(names.map(tidySetupText))].length > SETUP_TEXT_MAX_LENGTH
  ) {
    problems.push({ path: ['universities'], message: SETUP_MESSAGES.universitiesTooLong });
  }
  return problems;
}
