import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import type { FormItem, FormValues } from './types';
import { FormField } from './form-field';
import { getFieldId, useForm } from './engine/use-form';
import { getActiveItems } from './engine/validation';
import { leavesForButton } from './kit/use-form';

/** One of the last step's buttons: each submits the form with its own meaning. */
export interface FormAction {
  key: string;
  label: ReactNode;
  variant?: 'primary' | 'secondary';
}

interface DynamicFormProps {
  items: FormItem[];
  initialValues?: FormValues;
  /**
   * Called with the shown items' values once the last step is valid, and the key of the button
   * that submitted it (`submit` with the single default button).
   */
  onSubmit: (values: FormValues, action: string) => void;
  /** Names the progress bar (e.g. the form's title). */
  progressLabel?: string;
  /** Text of the last step's button. */
  submitLabel?: ReactNode;
  /** Several last-step buttons instead of one (a draft or a review); Enter chooses the first. */
  actions?: FormAction[];
  /** A heading per step, in order, shown under "Paso n de m". */
  stepTitles?: string[];
  /** While the submission is under way the last-step buttons wait and a second one is ignored. */
  isPending?: boolean;
  /** Beside the last step's buttons: what the submission is doing (SubmissionStatus, ADR 0070). */
  status?: ReactNode;
}

/**
 * A form made of item definitions (spec §3), split into steps by `item.step` (spec §4 Form
 * steps): the current step's visible items, a progress bar, "Anterior", "Siguiente" and
 * "Finalizar" (or several final buttons, e.g. a project's draft and review, ADR 0028). A step
 * cannot be left forwards while invalid.
 */
export function DynamicForm({
  items,
  initialValues,
  onSubmit,
  progressLabel = 'Progreso del formulario',
  submitLabel = 'Finalizar',
  actions,
  stepTitles,
  isPending = false,
  status,
}: DynamicFormProps) {
  const lastButtons = actions ?? [{ key: 'submit', label: submitLabel }];
  const chosen = useRef(lastButtons[0]?.key ?? 'submit');
  const formId = useId().replace(/:/g, '');
  const form = useForm({ items, initialValues, formId });
  const stepTitle = stepTitles?.[form.stepIndex - 1];
  const shown = getActiveItems(form.visibleStepItems, form.values);
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(form.stepIndex);

  // A new step starts at its top: focus moves there (announced as "Paso n de m") and the page
  // scrolls to it, so keyboard and screen-reader users are not left on the button below.
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
      {form.stepCount > 1 ? (
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
      ) : null}
      <div
        ref={stepRef}
        tabIndex={-1}
        role={form.stepCount > 1 || stepTitle ? 'group' : undefined}
        aria-label={
          form.stepCount > 1 && !stepTitle
            ? `Paso ${form.stepIndex} de ${form.stepCount}`
            : undefined
        }
        aria-labelledby={stepTitle ? `${formId}-step-title` : undefined}
        className="flex scroll-mt-24 flex-col gap-6 focus:outline-none"
      >
        {stepTitle ? (
          <h2 id={`${formId}-step-title`} className="text-xl font-bold text-slate-900">
            <span className="block text-sm font-semibold text-slate-600">
              Paso {form.stepIndex} de {form.stepCount}
            </span>
            {stepTitle}
          </h2>
        ) : null}
        {shown.map((item) => (
          <FormField
            key={item.value}
            item={item}
            id={getFieldId(formId, item)}
            value={form.values[item.value]}
            values={form.values}
            error={form.errors[item.value]}
            onChange={(value) => form.setValue(item, value)}
            onBlur={(event) => {
              if (!leavesForButton(event)) form.touch(item);
            }}
          />
        ))}
      </div>
      <div className="flex flex-wrap justify-between gap-3">
        {form.stepCount > 1 ? (
          <Button variant="secondary" disabled={form.isFirstStep} onClick={form.previous}>
            Anterior
          </Button>
        ) : (
          <span />
        )}
        {form.isLastStep ? (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {status}
            {lastButtons.map((action) => (
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
