import { PROJECT_STATUSES } from '@plataforma/shared';
import { useId, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  FacetPanel as FacetPanelFrame,
  withChosenValues,
  type FacetGroupData,
} from '../../../components/ui/facet-panel';
import type { FacetCounts } from '../../../entities/project/types';
import { FACET_NAMES } from '../utils/catalogue-filters';
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

/**
 * The options of a facet: the counted values, plus any chosen value the counts no longer hold
 * (so it can still be unticked), plus for the status facet every status.
 */
export function facetOptions(
  name: FacetName,
  counts: FacetCounts,
  chosen: string[],
): { value: string; count: number | null }[] {
  const extra = name === 'status' ? [...PROJECT_STATUSES, ...chosen] : chosen;
  const options = withChosenValues(counts[FACET_COUNT_KEYS[name]] ?? [], extra);
  if (name === 'ods') options.sort((a, b) => Number(a.value) - Number(b.value));
  return options;
}

const isFacetName = (name: string): name is FacetName =>
  (FACET_NAMES as readonly string[]).includes(name);

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
 * The catalogue's filters: one group of checkboxes per facet with its counts (the shared
 * panel), and the locality typed in.
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
  const localityId = useId();
  const names: FacetName[] = isAdmin ? ['status', ...PANEL_FACETS] : PANEL_FACETS;
  const groups: FacetGroupData[] = names.map((name) => ({
    name,
    legend: FACET_LABELS[name],
    chosen: filters.facets[name],
    options: facetOptions(name, counts, filters.facets[name]).map((option) => ({
      ...option,
      label: facetValueLabel(name, option.value),
    })),
  }));

  function submitLocality(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('locality');
    onLocality(typeof value === 'string' ? value : '');
  }

  return (
    <FacetPanelFrame
      groups={groups}
      activeCount={activeCount}
      onToggle={(name, value) => {
        if (isFacetName(name)) onToggle(name, value);
      }}
      onClear={onClear}
    >
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
          <Button type="submit" variant="secondary" className="px-3" aria-label="Aplicar localidad">
            Aplicar
          </Button>
        </div>
      </form>
    </FacetPanelFrame>
  );
}
