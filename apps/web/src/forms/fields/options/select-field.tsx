import type { FieldProps } from '../../types';
import { describedBy, selectedValues, TEXTS, withOther } from './option-utils';
import { offeredOptions, useDependency } from './use-dependency';

export const CONTROL =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';

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
    <>
      <select
        id={id}
        name={item.value}
        value={selected}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        aria-required={item.optional ? undefined : true}
        className={CONTROL}
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
      {info ? <div className="text-sm text-slate-600">{info}</div> : null}
    </>
  );
}
