import {
  INTEREST_THEMES,
  PURPOSE_TAGS,
  THESIS_STAGES,
  THESIS_STAGE_LABELS,
  type ThesisStage,
} from '@plataforma/shared';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form';
import { RESOURCE_SORTS, type ResourceCatalogueSort, type ResourceFilters } from '../types';

export const RESOURCE_SORT_LABELS: Record<ResourceCatalogueSort, string> = {
  recent: 'Más recientes',
  popular: 'Más populares',
};

const KNOWN_TAGS = new Set<string>(INTEREST_THEMES.flatMap((theme) => theme.tags));
const KNOWN_PURPOSES = new Set<string>(PURPOSE_TAGS);

interface ResourceFilterBarProps {
  filters: ResourceFilters;
  activeCount: number;
  onChange: (next: Partial<ResourceFilters>) => void;
  onClear: () => void;
}

/**
 * The filters of /resources: one topic (spec §9 interest sub-tags, grouped by theme), one purpose
 * and one thesis stage (spec §4 labels), and the order. Each change applies at once and goes to
 * the URL; the results below announce their count.
 */
export function ResourceFilterBar({
  filters,
  activeCount,
  onChange,
  onClear,
}: ResourceFilterBarProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="sr-only">
        Filtros
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Tema"
          value={filters.tag}
          onChange={(event) => onChange({ tag: event.target.value, page: 1 })}
        >
          <option value="">Todos los temas</option>
          {filters.tag && !KNOWN_TAGS.has(filters.tag) ? (
            <option value={filters.tag}>{filters.tag}</option>
          ) : null}
          {INTEREST_THEMES.map((theme) => (
            <optgroup key={theme.key} label={theme.name}>
              {theme.tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          label="Finalidad"
          value={filters.purpose}
          onChange={(event) => onChange({ purpose: event.target.value, page: 1 })}
        >
          <option value="">Todas las finalidades</option>
          {filters.purpose && !KNOWN_PURPOSES.has(filters.purpose) ? (
            <option value={filters.purpose}>{filters.purpose}</option>
          ) : null}
          {PURPOSE_TAGS.map((purpose) => (
            <option key={purpose} value={purpose}>
              {purpose}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Etapa del TFG/M"
          value={filters.stage ?? ''}
          onChange={(event) =>
            onChange({ stage: (event.target.value || null) as ThesisStage | null, page: 1 })
          }
        >
          <option value="">Todas las etapas</option>
          {THESIS_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {THESIS_STAGE_LABELS[stage]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Ordenar por"
          value={filters.sort}
          onChange={(event) =>
            onChange({ sort: event.target.value as ResourceCatalogueSort, page: 1 })
          }
        >
          {RESOURCE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {RESOURCE_SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
      </div>
      {activeCount > 0 ? (
        <div>
          <Button variant="secondary" onClick={onClear}>
            Quitar filtros
          </Button>
        </div>
      ) : null}
    </section>
  );
}
