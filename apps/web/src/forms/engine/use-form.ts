import { useCallback, useMemo, useRef, useState } from 'react';
import type { FormItem, FormValue, FormValues } from '../types';
import { toE164Phone } from '@plataforma/shared';
import { useDependencies } from './use-dependencies';
import { getActiveItems, isItemVisible, validateItem, validateStep } from './validation';

/** The DOM id of an item's control; error and hint ids derive from it. */
export function getFieldId(formId: string, item: FormItem): string {
  return `${formId}-${item.value}`;
}

/** Initial values: the given ones, else each item's `default`/`defaultValue` (extensions too). */
export function getInitialValues(items: FormItem[], initial: FormValues = {}): FormValues {
  const values: FormValues = {};
  const visit = (item: FormItem) => {
    const start = item.default !== undefined ? item.default : item.defaultValue;
    if (start !== undefined) values[item.value] = start;
    if (item.extension) visit(item.extension.field);
  };
  items.forEach(visit);
  return { ...values, ...initial };
}

/** The step numbers the items use, ascending (items without `step` are on step 1). */
export function getSteps(items: FormItem[]): number[] {
  return [...new Set(items.map((item) => item.step ?? 1))].sort((a, b) => a - b);
}

/**
 * Spec §4 Form steps: progress is (step-1)*100/(steps-1) percent. A one-step form is complete
 * from the start (100), so the bar never divides by zero (ADR 0019).
 */
export function getProgress(stepIndex: number, stepCount: number): number {
  if (stepCount <= 1) return 100;
  return Math.round(((stepIndex - 1) * 100) / (stepCount - 1));
}

/**
 * The values of the fields shown for these values (hidden items and information left out); phones
 * in E.164, Spanish when written without a prefix (spec §9 default country ES, ADR 0034).
 */
export function getSubmittedValues(items: FormItem[], values: FormValues): FormValues {
  const submitted: FormValues = {};
  for (const item of getActiveItems(items, values)) {
    if (item.type === 'information') continue;
    const value = values[item.value];
    submitted[item.value] =
      item.type === 'phone' && typeof value === 'string' ? (toE164Phone(value) ?? value) : value;
  }
  return submitted;
}

interface UseFormOptions {
  items: FormItem[];
  initialValues?: FormValues;
  /** Prefix of the controls' ids (one per form on a page). */
  formId: string;
}

/**
 * The form engine's state: values, errors, touched fields and the current step. Values validate
 * on change (spec §5 "Forms validate on change"); `next()` validates the whole step first and
 * stays, focusing the first invalid field, while it is invalid (spec §4 Profile wizard).
 */
export function useForm({ items, initialValues, formId }: UseFormOptions) {
  const [values, setValues] = useState<FormValues>(() => getInitialValues(items, initialValues));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The latest values and errors, so several changes in one event (a parent and its dependants)
  // build on each other instead of on the render's snapshot.
  const latest = useRef({ values, errors });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const steps = useMemo(() => getSteps(items), [items]);
  const [stepIndex, setStepIndex] = useState(1);
  const currentStep = steps[stepIndex - 1] ?? 1;
  const stepItems = useMemo(
    () => items.filter((item) => (item.step ?? 1) === currentStep),
    [items, currentStep],
  );

  /**
   * A change of one item's value. The user's own change is validated and marks the field touched;
   * a dependent item settled by its parents (`isUserChange` false) is re-validated only if it was
   * already failing, so a field on a later step shows no error before it is seen.
   */
  const changeValue = useCallback(
    (item: FormItem, value: FormValue, isUserChange: boolean) => {
      const { values: current, errors: currentErrors } = latest.current;
      const next: FormValues = { ...current, [item.value]: value };
      // Spec §4 Other option: deselecting "Otra" removes the extension field's value.
      if (item.extension) {
        const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
        if (!chosen.some((v) => item.extension!.options.includes(v))) {
          delete next[item.extension.field.value];
        }
      }
      // Re-validate the changed item and every failing item, whose condition may have changed;
      // errors of items no longer shown go.
      const nextErrors: Record<string, string> = {};
      for (const active of getActiveItems(items, next)) {
        if ((isUserChange && active.value === item.value) || active.value in currentErrors) {
          const error = validateItem(active, next[active.value], next);
          if (error) nextErrors[active.value] = error;
        }
      }
      latest.current = { values: next, errors: nextErrors };
      setValues(next);
      setErrors(nextErrors);
      if (isUserChange) setTouched((previous) => ({ ...previous, [item.value]: true }));
    },
    [items],
  );
  const setValue = useCallback(
    (item: FormItem, value: FormValue) => changeValue(item, value, true),
    [changeValue],
  );
  const settleValue = useCallback(
    (item: FormItem, value: FormValue) => changeValue(item, value, false),
    [changeValue],
  );
  const latestValues = useCallback(() => latest.current.values, []);
  useDependencies(items, values, settleValue, latestValues);

  const touch = useCallback((item: FormItem) => {
    setTouched((previous) => ({ ...previous, [item.value]: true }));
  }, []);

  /** Validates the current step, shows its errors and focuses the first invalid control. */
  const validateCurrentStep = useCallback((): boolean => {
    const stepErrors = validateStep(stepItems, values);
    const nextErrors = { ...latest.current.errors, ...stepErrors };
    latest.current = { values: latest.current.values, errors: nextErrors };
    setErrors(nextErrors);
    const first = getActiveItems(stepItems, values).find((item) => stepErrors[item.value]);
    if (first) {
      const control = document.getElementById(getFieldId(formId, first));
      control?.focus();
      return false;
    }
    return true;
  }, [stepItems, values, formId]);

  const next = useCallback((): boolean => {
    if (!validateCurrentStep()) return false;
    setStepIndex((index) => Math.min(index + 1, steps.length));
    return true;
  }, [validateCurrentStep, steps.length]);

  const previous = useCallback(() => {
    setStepIndex((index) => Math.max(index - 1, 1));
  }, []);

  const visibleStepItems = stepItems.filter((item) => isItemVisible(item, values));

  return {
    values,
    errors,
    touched,
    setValue,
    touch,
    stepIndex,
    stepCount: steps.length,
    isFirstStep: stepIndex === 1,
    isLastStep: stepIndex >= steps.length,
    progress: getProgress(stepIndex, steps.length),
    visibleStepItems,
    next,
    previous,
    validateCurrentStep,
    submittedValues: getSubmittedValues(items, values),
  };
}
