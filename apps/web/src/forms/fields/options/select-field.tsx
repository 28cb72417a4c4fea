import type { FieldProps, FormOption } from '../../types';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from '../field-shell';
import { offeredEntries } from '../../engine/dependencies';
import { isOptionGroup, normalizeOption, selectedValues, TEXTS, withOther } from './option-utils';

/**
 * `select`: a native <select> (ADR 0020: the platform's own control is the most accessible one —
 * keyboard, screen readers and mobile pickers work without help). Groups are optgroups; "Otra" is
 * the last option.
 */
export function SelectField({ item, value, values, onChange, onBlur, error, id }: FieldProps) {
  const entries = offeredEntries(item, values);
  const groups = entries.filter(isOptionGroup);
  const options = withOther(entries.filter((entry): entry is FormOption => !isOptionGroup(entry)));
  const [selected = ''] = selectedValues(value);
  const info = item.extraOptionsInfo?.[selected];

  return (
    <FieldShell
      item={item}
      id={id}
      error={error}
      after={info ? <div className="text-sm text-slate-600">{info}</div> : null}
    >
      <select
        id={id}
        name={item.value}
        value={selected}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={onBlur}
        aria-required={item.optional ? undefined : true}
        {...describe(id, error, hasHint(item))}
        className={INPUT_CLASSES}
      >
        <option value="" disabled={!item.optional}>
          {item.placeholder ?? TEXTS.placeholder}
        </option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map(normalizeOption).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
