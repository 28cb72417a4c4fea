import type { FieldProps } from '../../types';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from '../field-shell';
import { selectedValues, TEXTS, withOther } from './option-utils';
import { offeredOptions, useDependency } from './use-dependency';

/**
 * `select`: a native <select> (ADR 0020: the platform's own control is the most accessible one —
 * keyboard, screen readers and mobile pickers work without help). "Otra" is the last option.
 */
export function SelectField(props: FieldProps) {
  const { item, value, values, onChange, onBlur, error, id } = props;
  const offered = offeredOptions(item, values);
  useDependency(props, false, offered);
  const options = withOther(offered);
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
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
