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
          <PopoverButton className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
            Abrir calendario
          </PopoverButton>
          <PopoverPanel
            anchor="bottom end"
            focus
            className="z-20 rounded-lg border border-slate-300 bg-white p-3 shadow-lg"
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
