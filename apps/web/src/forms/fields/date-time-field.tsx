import { useState, type ReactNode } from 'react';
import { isIsoDate } from '../engine/dates';
import type { FormItem } from '../types';
import { DateField } from './date-field';
import { getErrorId, INPUT_CLASSES, OptionalMark } from './field-shell';

/** "H:mm" or "HH:mm" in 24 hours to "HH:mm"; undefined when it is no time of day. */
export function parseTime(text: string): string | undefined {
  const match = /^(\d{1,2})[:.h](\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The value for a day and a time as typed: "yyyy-MM-ddTHH:mm" when both are right (the time
 * `defaultTime` when left empty), '' when both are empty, and otherwise the text as typed, which
 * is no date-time, so the form answers "Formato no válido.".
 */
export function toDateTime(day: string, time: string, defaultTime: string): string {
  if (day === '' && time.trim() === '') return '';
  const clock = time.trim() === '' ? defaultTime : parseTime(time);
  return isIsoDate(day) && clock ? `${day}T${clock}` : `${day}T${time.trim()}`;
}

interface DateTimeFieldProps {
  id: string;
  label: string;
  /** "yyyy-MM-ddTHH:mm" (the browser's time zone), '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The time used when only the day is given (e.g. "23:59" for an end that includes the day). */
  defaultTime: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
}

/**
 * A moment as the form engine's Spanish day (dd/mm/aaaa with a calendar from Monday) and a time
 * of day in 24 hours (hh:mm), instead of the browser's datetime input, which speaks the browser's
 * language (mm/dd/yyyy, AM/PM in English).
 */
export function DateTimeField({
  id,
  label,
  value,
  onChange,
  defaultTime,
  hint,
  error,
  optional = false,
}: DateTimeFieldProps) {
  const [storedDay = '', storedTime = ''] = value.split('T');
  const [day, setDay] = useState(storedDay);
  const [time, setTime] = useState(storedTime);
  const dayItem: FormItem = { type: 'date', value: 'day', label: 'Día', optional };
  const hintId = `${id}-hint`;
  const dayId = `${id}-day`;
  const described = [hint ? hintId : undefined, error ? getErrorId(dayId) : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{label}</legend>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-[2_1_12rem]">
          <DateField
            item={dayItem}
            id={dayId}
            value={day}
            values={{}}
            error={error}
            onBlur={() => {}}
            onChange={(next) => {
              const typed = typeof next === 'string' ? next : '';
              setDay(typed);
              onChange(toDateTime(typed, time, defaultTime));
            }}
          />
        </div>
        <div className="flex min-w-0 flex-[1_1_6rem] flex-col gap-1.5">
          <label htmlFor={`${id}-time`} className="text-sm font-semibold text-slate-900">
            Hora
            <OptionalMark item={{ type: 'text', value: 'time', optional: true }} />
          </label>
          <input
            id={`${id}-time`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={defaultTime === '' ? 'hh:mm' : defaultTime}
            className={INPUT_CLASSES}
            value={time}
            aria-invalid={error ? true : undefined}
            aria-describedby={described || undefined}
            onChange={(event) => {
              setTime(event.target.value);
              onChange(toDateTime(day, event.target.value, defaultTime));
            }}
          />
        </div>
      </div>
    </fieldset>
  );
}
