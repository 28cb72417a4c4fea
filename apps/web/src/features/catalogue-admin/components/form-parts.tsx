import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import {
  describe,
  FieldError,
  FieldShell,
  getErrorId,
  INPUT_CLASSES,
} from '../../../forms/fields/field-shell';
import type { FormItem } from '../../../forms/types';
import type { NamedEntry } from '../types';

/**
 * The pieces the catalogue forms share. They use the form engine's field renderers outside the
 * engine (as the apply form does), so labels, "(opcional)", hints and errors look and read as in
 * every other form of the product (spec §5).
 */

/** A native select with its label, hint and error (no "Otra": the admins choose real entries). */
export function SelectShell({
  item,
  id,
  value,
  error,
  onChange,
  disabled,
  children,
}: {
  item: FormItem;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <FieldShell item={item} id={id} error={error}>
      <select
        id={id}
        disabled={disabled}
        className={INPUT_CLASSES}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required={!item.optional}
        {...describe(id, error, Boolean(item.sublabel))}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/**
 * A list of checkboxes named by its legend (the campuses that offer a degree, the degrees of a
 * call). The first box carries `id`, so a form can move the focus to the list.
 */
export function ChoiceList({
  id,
  legend,
  hint,
  choices,
  chosen,
  error,
  onChange,
  emptyText,
}: {
  id: string;
  legend: string;
  hint?: string;
  /** Said instead of the list when there is nothing to choose. */
  emptyText: string;
  choices: NamedEntry[];
  chosen: number[];
  error: string | undefined;
  onChange: (chosen: number[]) => void;
}) {
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : undefined, error ? getErrorId(id) : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {choices.length === 0 ? <p className="text-sm text-slate-700">{emptyText}</p> : null}
      <ul
        hidden={choices.length === 0}
        className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-300 p-3"
      >
        {choices.map((choice, index) => (
          <li key={choice.id}>
            <label className="flex items-start gap-2 py-1 text-sm text-slate-900">
              <input
                id={index === 0 ? id : undefined}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-main"
                checked={chosen.includes(choice.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, choice.id]
                      : chosen.filter((other) => other !== choice.id),
                  )
                }
              />
              <span className="min-w-0 break-words">{choice.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? <FieldError id={id} error={error} /> : null}
    </fieldset>
  );
}

/** The choices offered, and those already chosen that are not among them (kept, and shown). */
export function withChosen(choices: NamedEntry[], current: NamedEntry[]): NamedEntry[] {
  const offered = new Set(choices.map((choice) => choice.id));
  const missing = new Map(
    current.filter((entry) => !offered.has(entry.id)).map((entry) => [entry.id, entry]),
  );
  return [...choices, ...missing.values()];
}

/**
 * The end of a form: why the last save failed (the spec §8 message, then the reason), "Cancelar"
 * and the main button, which waits while the save runs.
 */
export function FormFooter({
  failure,
  submitLabel,
  isPending,
  onCancel,
}: {
  failure: { message: string; reason: string } | null;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {failure ? <SaveFailureAlert headline={failure.message} reason={failure.reason} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/** A save that failed: the spec §8 message, then why. */
function SaveFailureAlert({ headline, reason }: { headline: string; reason: string }) {
  return (
    <Alert tone="error">
      <p className="font-semibold">{headline}</p>
      {reason ? <p className="mt-1">{reason}</p> : null}
    </Alert>
  );
}
