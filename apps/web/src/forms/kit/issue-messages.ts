import type { FormIssue } from '@plataforma/shared';
import { FORM_MESSAGES } from '../engine/messages';

const SPANISH_NUMBER = new Intl.NumberFormat('es-ES');

/** An empty value: nothing typed, nothing chosen. */
function isEmpty(input: unknown): boolean {
  return (
    input === undefined ||
    input === null ||
    (typeof input === 'string' && input.trim() === '') ||
    (Array.isArray(input) && input.length === 0)
  );
}

/**
 * The one table of Spanish messages per zod issue for the web's forms (ADR 0073): every refusal
 * a form schema makes without a message of its own is worded here, in the spec §5 texts, so a
 * form never shows zod's English. A check that carries its own message (a password's length, a
 * period's order) keeps it: zod prefers the schema's message to this table.
 */
export function formIssueMessage(issue: FormIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int') {
        return `Escribe un número igual o mayor que ${SPANISH_NUMBER.format(Number(issue.minimum))}.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return 'Elige al menos una opción.';
      return isEmpty(issue.input) || Number(issue.minimum) <= 1
        ? FORM_MESSAGES.required
        : `Escribe al menos ${SPANISH_NUMBER.format(Number(issue.minimum))} caracteres.`;
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int') {
        return `Escribe un número igual o menor que ${SPANISH_NUMBER.format(Number(issue.maximum))}.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `Elige como mucho ${SPANISH_NUMBER.format(Number(issue.maximum))}.`;
      }
      return FORM_MESSAGES.maxLength;
    case 'invalid_value':
      // A box that must be ticked is a literal `true`.
      if (issue.values.length === 1 && issue.values[0] === true)
        return FORM_MESSAGES.requiredCheckbox;
      return isEmpty(issue.input) ? FORM_MESSAGES.required : FORM_MESSAGES.pattern;
    case 'invalid_type':
      return isEmpty(issue.input) ? FORM_MESSAGES.required : FORM_MESSAGES.pattern;
    case 'invalid_format':
    case 'not_multiple_of':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return isEmpty(issue.input) ? FORM_MESSAGES.required : FORM_MESSAGES.pattern;
    case 'unrecognized_keys':
      return FORM_MESSAGES.pattern;
  }
}
