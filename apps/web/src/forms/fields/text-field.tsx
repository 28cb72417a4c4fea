import type { FieldProps } from '../types';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from './field-shell';

/** A one-line text answer; `pattern` and `maxLength` are checked by the engine, not the input. */
export function TextField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  return (
    <FieldShell item={item} id={id} error={error}>
      <input
        id={id}
        type="text"
        className={INPUT_CLASSES}
        value={typeof value === 'string' ? value : ''}
        placeholder={item.placeholder}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required={!item.optional}
        {...describe(id, error, hasHint(item))}
      />
    </FieldShell>
  );
}
