import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { GlossaryText } from '../glossary/glossary-text';
import type { FormItem } from '../types';

export const INPUT_CLASSES =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700';

/** Id of the element holding a field's error (referenced by aria-describedby). */
export function getErrorId(id: string): string {
  return `${id}-error`;
}

/** Id of a field's label (for controls named by it and their own text, `aria-labelledby`). */
export function getLabelId(id: string): string {
  return `${id}-label`;
}

/** Id of the element holding a field's sublabel or hint. */
export function getHintId(id: string): string {
  return `${id}-hint`;
}

/**
 * The aria attributes tying a control to its hint and error: aria-describedby lists the ids
 * present, aria-invalid marks a failing field.
 */
export function describe(id: string, error: string | undefined, hasHint: boolean) {
  const ids = [hasHint ? getHintId(id) : undefined, error ? getErrorId(id) : undefined].filter(
    Boolean,
  );
  return {
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    'aria-invalid': error ? true : undefined,
  } as const;
}

/** Whether the item carries a hint line (its sublabel, or an extra hint the renderer adds). */
export function hasHint(item: FormItem, extra?: ReactNode): boolean {
  return Boolean(item.sublabel ?? item.sublabelExtension ?? extra);
}

/** "(opcional)" after the label of a field that is not required (spec §5). */
export function OptionalMark({ item }: { item: FormItem }) {
  return item.optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null;
}

/** The error of a field, announced when it appears (role=alert) and referenced by its control. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p id={getErrorId(id)} role="alert" className="text-sm font-medium text-red-700">
      {error ?? ''}
    </p>
  );
}

interface FieldShellProps {
  item: FormItem;
  id: string;
  error?: string;
  /** An extra hint after the sublabel (e.g. the file size limit). */
  hint?: ReactNode;
  /** Rendered after the control (a counter, a file list). */
  after?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A label's or sublabel's content: text shows the glossary's social-impact terms as tooltips
 * (spec §1); other content is shown as given.
 */
export function LabelText({ label }: { label: FormItem['label'] }) {
  return typeof label === 'string' ? <GlossaryText>{label}</GlossaryText> : <>{label}</>;
}

/** Label, sublabel/hint, the control, the footer and the error of one field. */
export function FieldShell({ item, id, error, hint, after, children, className }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {item.label !== undefined ? (
        <label id={getLabelId(id)} htmlFor={id} className="text-sm font-semibold text-slate-900">
          {item.icon}
          <LabelText label={item.label} />
          <OptionalMark item={item} />
        </label>
      ) : null}
      {item.tooltip}
      <HintLine item={item} id={id} extra={hint} />
      {children}
      {after}
      {item.footer ? <div className="text-sm text-slate-600">{item.footer}</div> : null}
      {error ? <FieldError id={id} error={error} /> : null}
    </div>
  );
}

/** The sublabel, its extension and any extra hint, under one id for aria-describedby. */
export function HintLine({ item, id, extra }: { item: FormItem; id: string; extra?: ReactNode }) {
  if (!hasHint(item, extra)) return null;
  return (
    <div id={getHintId(id)} className="text-sm text-slate-600">
      <LabelText label={item.sublabel} />
      {item.sublabelExtension ? <> {item.sublabelExtension}</> : null}
      {extra ? <span className="block">{extra}</span> : null}
    </div>
  );
}
