import { COMPETENCE_SCALE } from '@plataforma/shared';
import type { FieldProps, FormOption } from '../types';
import { describe, FieldError, hasHint, HintLine, LabelText, OptionalMark } from './field-shell';

function toPoint(option: FormOption): { value: string; label: string } {
  return typeof option === 'string' ? { value: option, label: option } : option;
}

/** The 7 points 0..6 of spec §9, the ends labelled "Totalmente en desacuerdo"/"de acuerdo". */
function getDefaultPoints(): { value: string; label: string }[] {
  return Array.from({ length: COMPETENCE_SCALE.points }, (_, index) => {
    const point = COMPETENCE_SCALE.min + index;
    const end =
      point === COMPETENCE_SCALE.min
        ? COMPETENCE_SCALE.minLabel
        : point === COMPETENCE_SCALE.max
          ? COMPETENCE_SCALE.maxLabel
          : undefined;
    return { value: String(point), label: end ? `${point} (${end})` : String(point) };
  });
}

/**
 * Spec §5 Competence: a radio scale, required unless optional. Native radios sharing a name form
 * one tab stop and move with the arrow keys; the values are numbers on the default 0-6 scale.
 */
export function CompetenceField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  const points = item.values ? item.values.map(toPoint) : getDefaultPoints();
  const isNumeric = points.every((point) => /^\d+$/.test(point.value));
  const current =
    typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
  const checkedIndex = points.findIndex((point) => point.value === current);
  const legendId = `${id}-legend`;
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={!item.optional}
      {...describe(id, error, hasHint(item))}
      className="flex flex-col gap-1.5"
    >
      <legend id={legendId} className="text-sm font-semibold text-slate-900">
        <LabelText label={item.label} />
        <OptionalMark item={item} />
      </legend>
      <HintLine item={item} id={id} />
      <div className="flex flex-wrap items-center gap-3">
        {points.map((point, index) => {
          const radioId = index === Math.max(checkedIndex, 0) ? id : `${id}-${point.value}`;
          return (
            <label
              key={point.value}
              htmlFor={radioId}
              className="inline-flex items-center gap-1 text-sm"
            >
              <input
                id={radioId}
                type="radio"
                name={id}
                value={point.value}
                className="size-4 accent-main"
                checked={current === point.value}
                onChange={() => onChange(isNumeric ? Number(point.value) : point.value)}
                onBlur={onBlur}
              />
              {point.label}
            </label>
          );
        })}
      </div>
      {error ? <FieldError id={id} error={error} /> : null}
    </fieldset>
  );
}
