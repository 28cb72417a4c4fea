import type { FieldProps } from '../types';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from './field-shell';

/**
 * Spec §5 Number: minimum 0, decimals allowed, arrow keys step by 1; an item's range sets the
 * ends the arrows stop at. An emptied input holds no value (so a required number says "Este
 * campo es obligatorio.").
 */
export function NumberField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  return (
    <FieldShell item={item} id={id} error={error}>
      <input
        id={id}
        type="number"
        min={item.range?.min ?? 0}
        max={item.range?.max}
        step={1}
        inputMode={item.range?.integer ? 'numeric' : 'decimal'}
        className={INPUT_CLASSES}
        value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
        placeholder={item.placeholder}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text === '' ? undefined : Number(text));
        }}
        onBlur={onBlur}
        aria-required={!item.optional}
        {...describe(id, error, hasHint(item))}
      />
    </FieldShell>
  );
}
