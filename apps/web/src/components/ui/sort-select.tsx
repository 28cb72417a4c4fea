import { useId } from 'react';
import { cn } from '../../lib/cn';
import { SEARCH_INPUT_CLASSES } from './search-box';

interface SortSelectProps<T extends string> {
  value: T;
  /** The orders offered, in order, with their Spanish names. */
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** "Ordenar por": the order of a list of results. */
export function SortSelect<T extends string>({ value, options, onChange }: SortSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap text-slate-900">
        Ordenar por
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        className={cn(SEARCH_INPUT_CLASSES, 'w-auto py-1.5')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
