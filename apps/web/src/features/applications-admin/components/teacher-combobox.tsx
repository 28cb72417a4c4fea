import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTeacherNames } from '../api/get-teacher-names';
import type { TeacherOption } from '../types';

/** How long typing must pause before the names are searched (as the form engine's comboboxes). */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface TeacherComboboxProps {
  /** Visible label of the input. */
  label: string;
  value: TeacherOption | null;
  onChange: (teacher: TeacherOption) => void;
}

/**
 * Chooses a teacher by name (WAI-ARIA 1.2 combobox: an input with a listbox popup, the active
 * option through aria-activedescendant), searching `GET /api/teachers/names` as the person
 * types. Not the form engine's ComboboxField: that one always offers "Otra" (spec §4), which a
 * tutor cannot be (ADR 0029).
 */
export function TeacherCombobox({ label, value, onChange }: TeacherComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useDebounced(query ?? '', SEARCH_DEBOUNCE_MS);
  const names = useTeacherNames(search, { enabled: isOpen });
  const options = names.data?.teachers ?? [];
  const isSearching = isOpen && ((query ?? '') !== search || names.isFetching);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
    setQuery(null);
  };
  const choose = (teacher: TeacherOption) => {
    onChange(teacher);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setIsOpen(true);
        if (options.length > 0) setActiveIndex((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setIsOpen(true);
        if (options.length > 0) {
          setActiveIndex((i) => (i <= 0 ? options.length - 1 : i - 1));
        }
        break;
      case 'Enter': {
        const option = options[activeIndex];
        if (isOpen && option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const statusText = isSearching
    ? 'Cargando...'
    : names.isError
      ? 'No se han podido cargar los nombres.'
      : names.isSuccess && options.length === 0
        ? 'No se encontraron resultados'
        : names.isSuccess && names.data.total > options.length
          ? `Se muestran ${options.length} de ${names.data.total}: escribe para afinar.`
          : '';

  return (
    <div
      className="relative flex flex-col gap-1.5"
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(close, 250);
      }}
      onFocus={() => clearTimeout(closeTimer.current)}
    >
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={
          isOpen && options[activeIndex] ? `${listId}-${activeIndex}` : undefined
        }
        placeholder="Escribe un nombre"
        value={query ?? value?.name ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(-1);
          setIsOpen(true);
        }}
        onClick={() => setIsOpen(true)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
      />
      {isOpen ? (
        <div className="absolute top-full z-20 mt-1 w-full rounded-lg border border-slate-300 bg-white shadow-lg">
          <p role="status" className={statusText ? 'px-3 py-2 text-sm text-slate-600' : 'sr-only'}>
            {statusText}
          </p>
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="max-h-64 overflow-y-auto py-1"
          >
            {options.map((teacher, index) => (
              <li
                key={teacher.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={teacher.id === value?.id}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(teacher)}
                onMouseEnter={() => setActiveIndex(index)}
                className={`cursor-pointer px-3 py-2 text-sm text-slate-900 ${
                  index === activeIndex ? 'bg-slate-100' : ''
                } ${teacher.id === value?.id ? 'font-semibold' : ''}`}
              >
                {teacher.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
