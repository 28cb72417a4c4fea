import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';

/** One value of a facet: its name as shown and how many results have it (null: not counted). */
export interface FacetOption {
  value: string;
  label: string;
  count: number | null;
}

/** One facet: a group of checkboxes under its legend. */
export interface FacetGroupData {
  /** The facet's name in the URL (the checkboxes' `name`). */
  name: string;
  legend: string;
  options: FacetOption[];
  chosen: readonly string[];
}

/**
 * The counted values plus any chosen value the counts no longer hold, so it can still be unticked
 * (a shared URL may name a value no result has any more).
 */
export function withChosenValues(
  counted: readonly { value: string; count: number }[],
  chosen: readonly string[],
): { value: string; count: number | null }[] {
  const options: { value: string; count: number | null }[] = counted.map((c) => ({ ...c }));
  for (const value of chosen) {
    if (!options.some((option) => option.value === value)) options.push({ value, count: null });
  }
  return options;
}

/** More values than this start folded behind "Ver más". */
const FOLDED_AFTER = 6;

function FacetGroup({
  group,
  onToggle,
}: {
  group: FacetGroupData;
  onToggle: (name: string, value: string) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const { name, legend, options, chosen } = group;
  const folded = options.length > FOLDED_AFTER + 1 && !isOpen;
  const shown = folded
    ? options.filter((option, index) => index < FOLDED_AFTER || chosen.includes(option.value))
    : options;
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <legend className="float-left mb-2 w-full text-sm font-bold text-slate-900">{legend}</legend>
      <ul id={listId} className="clear-left flex flex-col gap-1.5">
        {shown.map((option) => (
          <li key={option.value}>
            <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={() => onToggle(name, option.value)}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-main"
              />
              <span>
                {option.count !== null ? `${option.label} (${option.count})` : option.label}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {options.length > FOLDED_AFTER + 1 ? (
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setIsOpen((open) => !open)}
          className="self-start text-sm font-semibold text-main-ink underline underline-offset-2"
        >
          {isOpen ? 'Ver menos' : `Ver más (${options.length - FOLDED_AFTER})`}
        </button>
      ) : null}
    </fieldset>
  );
}

interface FacetPanelProps {
  groups: FacetGroupData[];
  /** How many filters narrow the search: "Quitar filtros" shows when there is any. */
  activeCount: number;
  onToggle: (name: string, value: string) => void;
  onClear: () => void;
  /** Filters that are not checkboxes (a place typed in), after the groups. */
  children?: ReactNode;
}

/**
 * The filter panel of a search: one group of checkboxes per facet with its counts, and "Quitar
 * filtros". On phones it folds behind a "Mostrar filtros" button (aria-expanded); from `lg` it
 * is always shown beside the results.
 */
export function FacetPanel({ groups, activeCount, onToggle, onClear, children }: FacetPanelProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-labelledby={`${panelId}-title`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${panelId}-title`} className="text-lg font-bold text-slate-900">
          Filtros
        </h2>
        <Button
          variant="secondary"
          className="px-3 py-1.5 lg:hidden"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Ocultar filtros' : 'Mostrar filtros'}
          {activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
      </div>
      <div
        id={panelId}
        className={isOpen ? 'flex flex-col gap-4' : 'hidden flex-col gap-4 lg:flex'}
      >
        {activeCount > 0 ? (
          <Button variant="secondary" className="self-start px-3 py-1.5" onClick={onClear}>
            Quitar filtros
          </Button>
        ) : null}
        {groups.map((group) => (
          <FacetGroup key={group.name} group={group} onToggle={onToggle} />
        ))}
        {children}
      </div>
    </section>
  );
}
