import type { FormSchema } from '@plataforma/shared';
import { formIssueMessage } from './issue-messages';

/** A form's errors by field: the message of each field's first refusal. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** What a form's schema says of its values: what to send, or the errors to show. */
export type Checked<V, Out> =
  { ok: true; data: Out; errors: FieldErrors<V> } | { ok: false; errors: FieldErrors<V> };

/**
 * Runs a form's schema over its values with the Spanish message table: each field's first
 * refusal (by the first step of its path), and the body to send when there is none.
 */
export function checkForm<V, Out>(schema: FormSchema<NoInfer<V>, Out>, values: V): Checked<V, Out> {
  const result = schema.safeParse(values, { error: formIssueMessage });
  if (result.success) return { ok: true, data: result.data, errors: {} };
  return { ok: false, errors: errorsByPath(result.error.issues, 1) as FieldErrors<V> };
}

/**
 * The first message for each path cut to `depth` steps joined by dots (`placements.0.path` at
 * depth 3), for forms whose fields are lists.
 */
export function errorsByPath(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  depth = Number.POSITIVE_INFINITY,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, depth).map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Whether a form's errors hold any message. */
export const hasFieldErrors = (errors: object) =>
  Object.values(errors).some((message) => message !== undefined);
