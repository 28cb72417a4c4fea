import type { FieldProps } from '../../types';
import { describe, FieldError, hasHint, HintLine, LabelText, OptionalMark } from '../field-shell';
import { selectedValues, withOther } from './option-utils';
import { offeredOptions, useDependency } from './use-dependency';

/** Spec §5 Multi-select: the message shown once `maxLength` boxes are ticked. */
export const limitReachedText = (max: number) =>
  `Has alcanzado el máximo de ${max} ${max === 1 ? 'opción' : 'opciones'}.`;

/**
 * `multiple`: a group of checkboxes labelled by the item's label. With `maxLength`, once that many
 * are ticked the others are disabled and a polite message says why (spec §5: otherwise unlimited).
 */
export function MultipleField(props: FieldProps) {
  const { item, value, values, onChange, onBlur, error, id } = props;
  const offered = offeredOptions(item, values);
  useDependency(props, true, offered);
  const options = withOther(offered);
  const selected = selectedValues(value);
  const max = item.maxLength;
  const isFull = max !== undefined && selected.length >= max;
  const limitId = `${id}-limit`;
  const aria = describe(id, error, hasHint(item));
  const described = [aria['aria-describedby'], isFull ? limitId : undefined].filter(Boolean);

  const toggle = (option: string, isChecked: boolean) => {
    const next = isChecked ? [...selected, option] : selected.filter((chosen) => chosen !== option);
    onChange(next);
  };

  return (
    <fieldset
      aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      aria-invalid={aria['aria-invalid']}
      className="flex flex-col gap-2"
    >
      <legend className="text-sm font-semibold text-slate-900">
        {item.icon}
        <LabelText label={item.label} />
        <OptionalMark item={item} />
      </legend>
      <HintLine item={item} id={id} />
      {options.map((option, index) => {
        const isChecked = selected.includes(option.value);
        const info = item.extraOptionsInfo?.[option.value];
        return (
          <label
            key={option.value}
            className="inline-flex items-start gap-2 text-sm text-slate-900"
          >
            <input
              // The first box carries the field's id, so the engine can focus the field.
              id={index === 0 ? id : `${id}-option-${index}`}
              type="checkbox"
              name={item.value}
              value={option.value}
              checked={isChecked}
              disabled={!isChecked && isFull}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={onBlur}
              className="mt-0.5 size-4 rounded border-slate-400 accent-main disabled:opacity-50"
            />
            <span>
              {option.label}
              {info ? <span className="block text-slate-600">{info}</span> : null}
            </span>
          </label>
        );
      })}
      <p id={limitId} aria-live="polite" className="text-sm text-slate-700">
        {isFull ? limitReachedText(max) : null}
      </p>
      {error ? <FieldError id={id} error={error} /> : null}
    </fieldset>
  );
}
