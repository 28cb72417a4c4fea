import { Description, Field, Input, Label, Select } from '@headlessui/react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const INPUT =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 data-[invalid]:border-red-700 data-[disabled]:bg-slate-100';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Help shown under the field and read with it. */
  hint?: ReactNode;
  /** The field's error (spec §5 texts, e.g. "Este campo es obligatorio."); marks it invalid. */
  error?: string;
  /** Shown next to the label; spec §5: every field is required unless marked optional. */
  isOptional?: boolean;
  className?: string;
}

/**
 * A labelled text input with its hint and error. Headless UI's Field ties the label, the
 * description and the error to the input (ids, aria-describedby, aria-invalid).
 */
export function TextField({ label, hint, error, isOptional, className, ...props }: TextFieldProps) {
  return (
    <Field className={cn('flex flex-col gap-1.5', className)}>
      <Label className="text-sm font-semibold text-slate-900">
        {label}
        {isOptional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
      </Label>
      <Input {...props} invalid={error !== undefined} className={INPUT} />
      {hint ? <Description className="text-sm text-slate-600">{hint}</Description> : null}
      {error ? (
        <Description className="text-sm font-medium text-red-700">{error}</Description>
      ) : null}
    </Field>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  className?: string;
  children: ReactNode;
}

/** A labelled native select (its options as children), styled as the text fields. */
export function SelectField({ label, className, children, ...props }: SelectFieldProps) {
  return (
    <Field className={cn('flex flex-col gap-1.5', className)}>
      <Label className="text-sm font-semibold text-slate-900">{label}</Label>
      <Select {...props} className={INPUT}>
        {children}
      </Select>
    </Field>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A native checkbox with its label (the whole label is clickable). */
export function CheckboxField({ label, className, ...props }: CheckboxFieldProps) {
  return (
    <label className={cn('inline-flex items-center gap-2 text-sm text-slate-900', className)}>
      <input {...props} type="checkbox" className="size-4 rounded border-slate-400 accent-main" />
      {label}
    </label>
  );
}

/**
 * The hint and error under a control that is not a Headless UI `Field` (the phone with its
 * country, the rich text editor): the caller gives them these ids in its `aria-describedby`.
 */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <div id={hintId} className="text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
