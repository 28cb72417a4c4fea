import { PROJECT_STATUSES } from '@plataforma/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import type { FacetCount, FacetCounts } from '../../../entities/project/types';
import type { CatalogueFilters, FacetName } from '../types';
import { FACET_COUNT_KEYS, FACET_LABELS, facetValueLabel } from '../utils/project-facts';

/** The facets offered, in order; `status` only for admins. */
const PANEL_FACETS: FacetName[] = [
  'type',
  'ods',
  'study_area',
  'study_subarea',
  'presentiality',
  'location',
  'dedication',
  'language',
  'remuneration',
  'internship',
];

/** More values than this start folded behind "Ver más". */
const FOLDED_AFTER = 6;

/**
 * The options of a facet: the counted values, plus any chosen value the counts no longer hold
 * (so it can still be unticked), plus for the status facet every status.
 */
export function facetOptions(
  name: FacetName,
  counts: FacetCounts,
  chosen: string[],
): { value: string; count: number | null }[] {
  const counted: FacetCount[] = counts[FACET_COUNT_KEYS[name]] ?? [];
  const options: { value: string; count: number | null }[] = counted.map((c) => ({ ...c }));
  const extra = name === 'status' ? [...PROJECT_STATUSES, ...chosen] : chosen;
  for (const value of extra) {
    if (!options.some((option) => option.value === value)) options.push({ value, count: null });
  }
  if (name === 'ods') options.sort((a, b) => Number(a.value) - Number(b.value));
  return options;
}

interface FacetGroupProps {
  name: FacetName;
  options: { value: string; count: number | null }[];
  chosen: string[];
  onToggle: (name: FacetName, value: string) => void;
}

function FacetGroup({ name, options, chosen, onToggle }: FacetGroupProps) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const folded = options.length > FOLDED_AFTER + 1 && !isOpen;
  const shown = folded
    ? options.filter((option, index) => index < FOLDED_AFTER || chosen.includes(option.value))
    : options;
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <legend className="float-left mb-2 w-full text-sm font-bold text-slate-900">
        {FACET_LABELS[name]}
      </legend>
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
                {option.count !== null
                  ? `${facetValueLabel(name, option.value)} (${option.count})`
                  : facetValueLabel(name, option.value)}
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
  filters: CatalogueFilters;
  counts: FacetCounts;
  isAdmin: boolean;
  activeCount: number;
  onToggle: (name: FacetName, value: string) => void;
  onLocality: (locality: string) => void;
  onClear: () => void;
}

/**
 * The filter panel: one group of checkboxes per facet with its counts, the locality, and
 * "Quitar filtros". On phones it folds behind a "Filtros" button (aria-expanded); from `lg` it
 * is always shown beside the results.
 */
export function FacetPanel({
  filters,
  counts,
  isAdmin,
  activeCount,
  onToggle,
  onLocality,
  onClear,
}: FacetPanelProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const localityId = useId();
  const names: FacetName[] = isAdmin ? ['status', ...PANEL_FACETS] : PANEL_FACETS;

  function submitLocality(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('locality');
    onLocality(typeof value === 'string' ? value : '');
  }

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
        {names.map((name) => (
          <FacetGroup
            key={name}
            name={name}
            options={facetOptions(name, counts, filters.facets[name])}
            chosen={filters.facets[name]}
            onToggle={onToggle}
          />
        ))}
        <form
          key={filters.locality}
          onSubmit={submitLocality}
          className="flex flex-col gap-2 border-t border-slate-200 pt-4"
        >
          <label htmlFor={localityId} className="text-sm font-bold text-slate-900">
            Localidad
          </label>
          <div className="flex gap-2">
            <input
              id={localityId}
              name="locality"
              type="text"
              defaultValue={filters.locality}
              maxLength={200}
              className="block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
            />
            <Button
              type="submit"
              variant="secondary"
              className="px-3"
              aria-label="Aplicar localidad"
            >
              Aplicar
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
