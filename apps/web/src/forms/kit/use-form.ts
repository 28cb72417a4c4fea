import type { FormSchema } from '@plataforma/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { checkForm, hasFieldErrors, type FieldErrors } from './field-errors';

export type { FieldErrors };

type BlurLike = { relatedTarget?: EventTarget | null };

/**
 * Whether a field is left for a button (send, next step, show the password). Its error then waits
 * for the button's own check: shown at once, it would push the button down between the press and
 * the release, and the click would be lost.
 */
export function leavesForButton(event?: BlurLike): boolean {
  return event?.relatedTarget instanceof HTMLButtonElement;
}

/**
 * The form kit for every form outside the form engine (ADR 0073): values, which fields have been
 * visited, and errors, checked by the form's zod schema (built from the shared rules in
 * `@plataforma/shared` form-fields) and worded by the one Spanish message table. A field's own
 * check speaks once the person has left it or tried to send the form, and from then on follows
 * every change (ADR 0013); an error the server answered stays until that field changes. After a
 * refused submit the first invalid field gets the focus, so keyboard and screen-reader users land
 * on it. A valid submit hands over what the schema answers: the body to send.
 */
export function useForm<V extends Record<string, unknown>, Out = V>(
  initialValues: V | (() => V),
  schema: FormSchema<NoInfer<V>, Out>,
) {
  const [values, setValues] = useState(initialValues);
  const [visited, setVisited] = useState<Partial<Record<keyof V, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  // The form element, kept from the last submit event, to find its first invalid field.
  const formRef = useRef<HTMLFormElement | null>(null);

  const checked = checkForm(schema, values);
  const clientErrors = checked.errors;

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A radio group is marked as a whole: its first option takes the focus.
    const target = invalid?.matches('input, select, textarea')
      ? invalid
      : invalid?.querySelector<HTMLElement>('input, select, textarea');
    target?.focus();
  }, [focusRequest]);

  const errorOf = (name: keyof V): string | undefined =>
    serverErrors[name] ?? (isSubmitted || visited[name] ? clientErrors[name] : undefined);

  /** Whether a field shows an error now (to mark a group of inputs invalid as a whole). */
  const hasError = (name: keyof V) => errorOf(name) !== undefined;

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const markVisited = useCallback((name: keyof V) => {
    setVisited((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  /** A field left: its error may show now, unless the focus went to a button (`leavesForButton`). */
  const leave = (name: keyof V, event?: BlurLike) => {
    if (!leavesForButton(event)) markVisited(name);
  };

  /** Props for a text input bound to `name`. */
  const textProps = (name: { [K in keyof V]: V[K] extends string ? K : never }[keyof V]) => ({
    name: String(name),
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) =>
      setValue(name, event.target.value as V[typeof name]),
    onBlur: (event?: BlurLike) => leave(name, event),
    error: errorOf(name),
  });

  /**
   * Wraps a submit handler: prevents the page load, shows every error, and calls `onValid` with
   * the schema's answer (the body to send) and the values only when the checks pass.
   */
  const handleSubmit =
    (onValid: (data: Out, values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setIsSubmitted(true);
      if (!checked.ok || hasFieldErrors(checked.errors)) {
        setFocusRequest((n) => n + 1);
        return;
      }
      onValid(checked.data, values);
    };

  /** Shows errors the server answered for fields, and moves the focus to the first of them. */
  const showServerErrors = (errors: FieldErrors<V>) => {
    setServerErrors(errors);
    if (Object.keys(errors).length > 0) setFocusRequest((n) => n + 1);
  };

  /** Back to the initial values (after a successful change of password, for instance). */
  const reset = () => {
    setValues(initialValues);
    setVisited({});
    setIsSubmitted(false);
    setServerErrors({});
  };

  return {
    values,
    setValue,
    markVisited,
    leave,
    errorOf,
    hasError,
    textProps,
    handleSubmit,
    showServerErrors,
    reset,
  };
}
