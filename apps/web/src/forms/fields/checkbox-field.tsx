import type { FieldProps } from '../types';
import { describe, FieldError, hasHint, HintLine, LabelText, OptionalMark } from './field-shell';

/** A box to accept; when required, unchecked says "Aceptar este campo es obligatorio." */
export function CheckboxField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-slate-900">
        <input
          id={id}
          type="checkbox"
          className="size-4 rounded border-slate-400 accent-main"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          aria-required={!item.optional}
          {...describe(id, error, hasHint(item))}
        />
        <span>
          <LabelText label={item.label} />
          <OptionalMark item={item} />
        </span>
      </label>
      <HintLine item={item} id={id} />
      {error ? <FieldError id={id} error={error} /> : null}
    </div>
  );
}
