import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { es } from 'date-fns/locale';
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { FieldProps } from '../types';
import { formatSpanishDate, parseSpanishDate, toIsoDate, toLocalDate } from '../engine/dates';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from './field-shell';

/**
 * A day, typed as "dd/MM/yyyy" or picked in a Spanish calendar whose weeks start on Monday
 * (spec §5). The value is "yyyy-MM-dd"; text that is no real day is kept as typed so the engine
 * answers "Formato no válido.".
 */
export function DateField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(formatSpanishDate(stored));
  const shown = (parseSpanishDate(text) ?? text) === stored ? text : formatSpanishDate(stored);
  const selected = toLocalDate(stored);
  return (
    <FieldShell item={item} id={id} error={error}>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={INPUT_CLASSES}
          value={shown}
          placeholder={item.placeholder ?? 'dd/mm/aaaa'}
          onChange={(event) => {
            setText(event.target.value);
            const trimmed = event.target.value.trim();
            onChange(trimmed === '' ? '' : (parseSpanishDate(trimmed) ?? trimmed));
          }}
          onBlur={onBlur}
          aria-required={!item.optional}
          {...describe(id, error, hasHint(item))}
        />
        <Popover className="relative">
          {/* An icon with its name for screen readers: the field stays wide enough for the day
              in narrow grids (the admin's filters). */}
          <PopoverButton
            title="Abrir calendario"
            className="flex h-full items-center rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
              <path d="M6 1.75a.75.75 0 0 1 .75.75V4h6.5V2.5a.75.75 0 0 1 1.5 0V4h.75A2.5 2.5 0 0 1 18 6.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 2 15.5v-9A2.5 2.5 0 0 1 4.5 4h.75V2.5A.75.75 0 0 1 6 1.75ZM3.5 8.5v7a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1v-7h-13Z" />
            </svg>
            <span className="sr-only">Abrir calendario</span>
          </PopoverButton>
          {/* Positioned by CSS, not Headless UI's `anchor`: an anchored panel goes to a portal
              outside the page's landmarks, with aria-hidden focus sentinels axe refuses. */}
          <PopoverPanel
            focus
            className="absolute top-full right-0 z-20 mt-2 rounded-lg border border-slate-300 bg-white p-3 shadow-lg"
          >
            {({ close }) => (
              <DayPicker
                mode="single"
                locale={es}
                weekStartsOn={1}
                selected={selected}
                defaultMonth={selected}
                autoFocus
                onSelect={(day) => {
                  const iso = day ? toIsoDate(day) : '';
                  setText(formatSpanishDate(iso));
                  onChange(iso);
                  close();
                }}
              />
            )}
          </PopoverPanel>
        </Popover>
      </div>
    </FieldShell>
  );
}
