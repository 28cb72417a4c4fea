import type { FacetCount, TfxFacet } from '@plataforma/shared';
import type { FacetOption } from '../../../components/ui/facet-panel';
import { withChosenValues } from '../../../components/ui/facet-panel';
import { odsLabel } from '../../../lib/ods';

/** The facets offered, in order, with the Spanish legends of the filter panel. */
export const LIBRARY_FACETS: readonly { name: TfxFacet; legend: string }[] = [
  { name: 'year', legend: 'Año' },
  { name: 'degree', legend: 'Titulación' },
  { name: 'study_area', legend: 'Área de estudio' },
  { name: 'sector', legend: 'Sector' },
  { name: 'language', legend: 'Idioma' },
  { name: 'awarded', legend: 'Reconocimiento' },
  { name: 'ods', legend: 'Objetivos de Desarrollo Sostenible (ODS)' },
];

/** How a facet value is shown: ODS by number and name, the award in words. */
export function libraryFacetValueLabel(name: TfxFacet, value: string): string {
  if (name === 'ods') return odsLabel(value);
  if (name === 'awarded') return value === 'true' ? 'Premiado' : 'Sin premio';
  return value;
}

/**
 * The options of a facet: the counted values plus any chosen value the counts no longer hold.
 * Years go newest first and ODS by number; the rest keep the API's order (most results first).
 * The award offers "Premiado" only (its "no" is everything else), unless a URL chose it.
 */
export function libraryFacetOptions(
  name: TfxFacet,
  counts: readonly FacetCount[],
  chosen: readonly string[],
): FacetOption[] {
  const counted = counts
    .map(({ value, count }) => ({ value: String(value), count }))
    .filter(({ value }) => name !== 'awarded' || value === 'true');
  const options = withChosenValues(counted, chosen);
  if (name === 'year') options.sort((a, b) => Number(b.value) - Number(a.value));
  if (name === 'ods') options.sort((a, b) => Number(a.value) - Number(b.value));
  return options.map((option) => ({
    ...option,
    label: libraryFacetValueLabel(name, option.value),
  }));
}
