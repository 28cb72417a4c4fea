import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../forms/form-field';
import { getFieldId, useForm } from '../../../forms/engine/use-form';
import { getActiveItems } from '../../../forms/engine/validation';
import type { FormItem, FormValues } from '../../../forms/types';

/** One of the last step's buttons: each submits the form with its own meaning. */
export interface StepFormAction {
  key: string;
  label: ReactNode;
  variant?: 'primary' | 'secondary';
}

interface StepFormProps {
  items: FormItem[];
  initialValues?: FormValues;
  /** A heading per step, in order. */
  stepTitles: string[];
  /** Names the progress bar. */
  progressLabel: string;
  /** The last step's buttons, in display order; Enter in a field chooses the first one. */
  actions: StepFormAction[];
  /** Called with the shown items' values and the chosen action once the last step is valid. */
  onSubmit: (values: FormValues, action: string) => void;
  isPending?: boolean;
}

/**
 * The form engine's steps (spec §4 Form steps, as DynamicForm draws them) with a heading per step
 * and several final actions: a project is saved as a draft or sent to review from the same form
 * (ADR 0028). "Siguiente" validates the step; every action validates the last one.
 */
export function StepForm({
  items,
  initialValues,
  stepTitles,
  progressLabel,
  actions,
  onSubmit,
  isPending = false,
}: StepFormProps) {
  const formId = useId().replace(/:/g, '');
  const form = useForm({ items, initialValues, formId });
  const shown = getActiveItems(form.visibleStepItems, form.values);
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(form.stepIndex);
  const chosen = useRef(actions[0]?.key ?? 'submit');
  const title = stepTitles[form.stepIndex - 1];

  // As in DynamicForm: a new step starts at its top, focused and announced.
  useEffect(() => {
    if (shownStep.current === form.stepIndex) return;
    shownStep.current = form.stepIndex;
    stepRef.current?.focus({ preventScroll: true });
    stepRef.current?.scrollIntoView?.({ block: 'start' });
  }, [form.stepIndex]);

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.isLastStep) {
          form.next();
          return;
        }
        if (isPending) return;
        if (form.validateCurrentStep()) onSubmit(form.submittedValues, chosen.current);
      }}
    >
      <div
        role="progressbar"
        aria-label={progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={form.progress}
        aria-valuetext={`Paso ${form.stepIndex} de ${form.stepCount}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-main" style={{ width: `${form.progress}%` }} />
      </div>
      <div
        ref={stepRef}
        tabIndex={-1}
        role="group"
        aria-labelledby={`${formId}-step-title`}
        className="flex scroll-mt-24 flex-col gap-6 focus:outline-none"
      >
        <h2 id={`${formId}-step-title`} className="text-xl font-bold text-slate-900">
          <span className="block text-sm font-semibold text-slate-600">
            Paso {form.stepIndex} de {form.stepCount}
          </span>
          {title}
        </h2>
        {shown.map((item) => (
          <FormField
            key={item.value}
            item={item}
            id={getFieldId(formId, item)}
            value={form.values[item.value]}
            values={form.values}
            error={form.errors[item.value]}
            onChange={(value) => form.setValue(item, value)}
            onBlur={() => form.touch(item)}
          />
        ))}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" disabled={form.isFirstStep} onClick={form.previous}>
          Anterior
        </Button>
        {form.isLastStep ? (
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            {actions.map((action) => (
              <Button
                key={action.key}
                type="submit"
                variant={action.variant ?? 'primary'}
                isPending={isPending}
                onClick={() => {
                  chosen.current = action.key;
                }}
              >
                {action.label}
              </Button>
            ))}
          </div>
        ) : (
          <Button type="submit">Siguiente</Button>
        )}
      </div>
    </form>
  );
}
