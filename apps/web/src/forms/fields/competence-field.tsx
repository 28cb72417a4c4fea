import { COMPETENCE_SCALE } from '@plataforma/shared';
import type { FieldProps, FormOption } from '../types';
import { describe, FieldError, hasHint, HintLine, LabelText, OptionalMark } from './field-shell';

interface Point {
  value: string;
  label: string;
  /** The end label of the default scale ("Totalmente en desacuerdo"/"de acuerdo"). */
  end?: string;
}

function toPoint(option: FormOption): Point {
  return typeof option === 'string' ? { value: option, label: option } : option;
}

/** The 7 points 0..6 of spec §9, the ends labelled "Totalmente en desacuerdo"/"de acuerdo". */
function getDefaultPoints(): Point[] {
  return Array.from({ length: COMPETENCE_SCALE.points }, (_, index) => {
    const point = COMPETENCE_SCALE.min + index;
    const end =
      point === COMPETENCE_SCALE.min
        ? COMPETENCE_SCALE.minLabel
        : point === COMPETENCE_SCALE.max
          ? COMPETENCE_SCALE.maxLabel
          : undefined;
    return { value: String(point), label: String(point), ...(end ? { end } : {}) };
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
  // The default scale is a row of seven equal cells with the end labels under its ends, which
  // fits 360 px; other scales (words) wrap.
  const isScale = !item.values;
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
      <div
        className={
          isScale ? 'grid max-w-md grid-cols-7 gap-1' : 'flex flex-wrap items-center gap-3'
        }
      >
        {points.map((point, index) => {
          const radioId = index === Math.max(checkedIndex, 0) ? id : `${id}-${point.value}`;
          return (
            <label
              key={point.value}
              htmlFor={radioId}
              className={
                isScale
                  ? 'flex cursor-pointer flex-col items-center gap-1 rounded-md py-1 text-sm hover:bg-slate-100'
                  : 'inline-flex items-center gap-1 text-sm'
              }
            >
              {isScale ? <span>{point.label}</span> : null}
              <input
                id={radioId}
                type="radio"
                name={id}
                value={point.value}
                className="size-5 accent-main"
                checked={current === point.value}
                onChange={() => onChange(isNumeric ? Number(point.value) : point.value)}
                onBlur={onBlur}
              />
              {isScale ? (
                point.end ? (
                  <span className="sr-only">{` (${point.end})`}</span>
                ) : null
              ) : (
                point.label
              )}
            </label>
          );
        })}
      </div>
      {isScale ? (
        <div
          aria-hidden="true"
          className="flex max-w-md justify-between gap-4 text-xs text-slate-600"
        >
          <span className="max-w-[40%]">{COMPETENCE_SCALE.minLabel}</span>
          <span className="max-w-[40%] text-right">{COMPETENCE_SCALE.maxLabel}</span>
        </div>
      ) : null}
      {error ? <FieldError id={id} error={error} /> : null}
    </fieldset>
  );
}
