import { setupProblems, type SetupBody, type SetupProblem } from '@plataforma/shared';
import { ApiError } from '../../../lib/api-client';

/**
 * The setup form's values and errors (ADR 0064), pure so they are tested without a page. The
 * rules are the shared `setupProblems`, which the API answers too.
 */

/** A university's row: its own key, so a row keeps its input and error when another goes. */
export interface UniversityRow {
  key: number;
  name: string;
}

export interface SetupFormValues {
  name: string;
  surname: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  projectName: string;
  universities: UniversityRow[];
  mainColor: string;
  secondaryColor: string;
  mailTo: string;
}

/**
 * Errors by field: `name`, `mailTo`..., `universities` for the list as a whole and
 * `universities.<row key>` for one university.
 */
export type SetupErrors = Partial<Record<string, string>>;

export const universityField = (row: UniversityRow) => `universities.${row.key}`;

/** The body of `POST /api/setup`; the API tidies spaces and case. */
export function toSetupBody(values: SetupFormValues, token: string): SetupBody {
  return {
    token,
    name: values.name,
    surname: values.surname,
    email: values.email,
    password: values.password,
    passwordConfirmation: values.passwordConfirmation,
    projectName: values.projectName,
    universities: values.universities.map((row) => row.name),
    mainColor: values.mainColor,
    secondaryColor: values.secondaryColor,
    mailTo: values.mailTo,
  };
}

/** Problems as errors by field, a university's row by its key (the first problem of each). */
function byField(problems: readonly SetupProblem[], values: SetupFormValues): SetupErrors {
  const errors: SetupErrors = {};
  for (const { path, message } of problems) {
    const [field, index] = path;
    if (field === undefined) continue;
    const row = index === undefined ? undefined : values.universities[Number(index)];
    const key = field === 'universities' && row ? universityField(row) : field;
    errors[key] ??= message;
  }
  return errors;
}

/** Every problem the form has now, as the API would answer it. */
export function setupFormErrors(values: SetupFormValues): SetupErrors {
  return byField(setupProblems(toSetupBody(values, '')), values);
}

/** The field errors of the API's 400 (Spanish, each at its path), for the values sent. */
export function serverSetupErrors(error: unknown, values: SetupFormValues): SetupErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const entries = error.details.errors;
  if (!Array.isArray(entries)) return {};
  const problems = (entries as { path?: unknown; message?: unknown }[]).flatMap((entry) =>
    Array.isArray(entry.path) && typeof entry.message === 'string'
      ? [{ path: entry.path.map(String), message: entry.message }]
      : [],
  );
  return byField(problems, values);
}

/** The fields in the order the form shows them; a university's rows before the list's error. */
const FORM_ORDER = [
  'name',
  'surname',
  'email',
  'password',
  'passwordConfirmation',
  'projectName',
  'universities',
  'mainColor',
  'secondaryColor',
  'mailTo',
] as const;

/** The first field with an error, in the order of the form (where the focus goes). */
export function firstErrorField(errors: SetupErrors, values: SetupFormValues): string | undefined {
  for (const field of FORM_ORDER) {
    if (field === 'universities') {
      const row = values.universities.find((each) => errors[universityField(each)]);
      if (row) return universityField(row);
    }
    if (errors[field]) return field;
  }
  return undefined;
}

/** The input of a field: by its name, a university's by its row's key. */
export function fieldSelector(field: string): string {
  if (field === 'universities') return 'input[data-university]';
  const row = /^universities\.(\d+)$/.exec(field)?.[1];
  return row === undefined ? `[name="${field}"]` : `input[data-university="${row}"]`;
}
