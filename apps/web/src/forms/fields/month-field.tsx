import { useState } from 'react';
import type { FieldProps } from '../types';
import { parseMonth } from '../engine/month';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from './field-shell';

/**
 * Spec §5 Month: "MM/yyyy". Typing "MM/yyyy" or "dd/MM/yyyy" is normalised to "MM/yyyy"; other
 * text is kept as typed so the engine answers "Formato no válido.".
 */
export function MonthField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(stored);
  // The stored value can change from outside (a reset, a default): show it unless it is what the
  // typed text already means.
  const shown = (parseMonth(text) ?? text) === stored ? text : stored;
  return (
    <FieldShell item={item} id={id} error={error}>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={INPUT_CLASSES}
        value={shown}
        placeholder={item.placeholder ?? 'MM/AAAA'}
        onChange={(event) => {
          setText(event.target.value);
          const trimmed = event.target.value.trim();
          onChange(trimmed === '' ? '' : (parseMonth(trimmed) ?? trimmed));
        }}
        onBlur={() => {
          setText(stored);
          onBlur();
        }}
        aria-required={!item.optional}
        {...describe(id, error, hasHint(item))}
      />
    </FieldShell>
  );
}
