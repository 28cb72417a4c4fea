import type { FieldProps, FormOption } from '../../types';
import { offeredEntries } from '../../engine/dependencies';
import { describe, FieldError, hasHint, HintLine, LabelText, OptionalMark } from '../field-shell';
import {
  isOptionGroup,
  normalizeOption,
  selectedValues,
  withOther,
  type NormalizedOption,
} from './option-utils';

/** Spec §5 Multi-select: the message shown once `maxLength` boxes are ticked. */
export const limitReachedText = (max: number) =>
  `Has alcanzado el máximo de ${max} ${max === 1 ? 'opción' : 'opciones'}.`;

/**
 * `multiple`: a group of checkboxes labelled by the item's label. Options given in groups (spec §9
 * interest themes) are each a fieldset named by its heading, so a screen reader says "Salud,
 * grupo" before its boxes; ungrouped options and "Otra" follow. With `maxLength`, once that many
 * are ticked the others are disabled and a polite message says why (spec §5: otherwise unlimited).
 */
export function MultipleField({ item, value, values, onChange, onBlur, error, id }: FieldProps) {
  const entries = offeredEntries(item, values);
  const groups = entries.filter(isOptionGroup);
  const loose = withOther(entries.filter((entry): entry is FormOption => !isOptionGroup(entry)));
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

  // Each box's place in the whole list; the first carries the field's id, so the engine can
  // focus the field.
  const grouped = groups.map((group) => ({
    label: group.label,
    options: group.options.map(normalizeOption),
  }));
  const places = new Map(
    [...grouped.flatMap((group) => group.options), ...loose].map((option, place) => [
      option.value,
      place,
    ]),
  );
  const box = (option: NormalizedOption) => {
    const place = places.get(option.value) ?? 0;
    const boxId = place === 0 ? id : `${id}-option-${place}`;
    const isChecked = selected.includes(option.value);
    const info = item.extraOptionsInfo?.[option.value];
    return (
      <label key={option.value} className="inline-flex items-start gap-2 text-sm text-slate-900">
        <input
          id={boxId}
          type="checkbox"
          name={item.value}
          value={option.value}
          checked={isChecked}
          disabled={!isChecked && isFull}
          onChange={(event) => toggle(option.value, event.target.checked)}
          onBlur={onBlur}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-main disabled:opacity-50"
        />
        <span>
          {option.label}
          {info ? <span className="block text-slate-600">{info}</span> : null}
        </span>
      </label>
    );
  };

  return (
    <fieldset
      aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      aria-invalid={aria['aria-invalid']}
      className="flex min-w-0 flex-col gap-2"
    >
      <legend className="text-sm font-semibold text-slate-900">
        {item.icon}
        <LabelText label={item.label} />
        <OptionalMark item={item} />
      </legend>
      <HintLine item={item} id={id} />
      {grouped.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {grouped.map((group) => (
            <fieldset
              key={group.label}
              className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3"
            >
              <legend className="px-1 text-sm font-semibold text-slate-800">{group.label}</legend>
              {group.options.map(box)}
            </fieldset>
          ))}
        </div>
      ) : null}
      {loose.map(box)}
      <p id={limitId} aria-live="polite" className="text-sm text-slate-700">
        {isFull ? limitReachedText(max) : null}
      </p>
      {error ? <FieldError id={id} error={error} /> : null}
    </fieldset>
  );
}
