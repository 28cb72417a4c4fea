import { SortSelect as SortSelectControl } from '../../../components/ui/sort-select';
import { SORTS, type CatalogueSort } from '../types';

export const SORT_LABELS: Record<CatalogueSort, string> = {
  recent: 'Más recientes',
  title: 'Título (A-Z)',
  deadline: 'Fin de inscripción más próximo',
  relevance: 'Relevancia',
};

/** The order of the results; "Relevancia" only makes sense with a text search. */
export function SortSelect({
  sort,
  hasText,
  onSort,
}: {
  sort: CatalogueSort;
  hasText: boolean;
  onSort: (sort: CatalogueSort) => void;
}) {
  const offered = SORTS.filter((value) => value !== 'relevance' || hasText || sort === value);
  return (
    <SortSelectControl
      value={sort}
      options={offered.map((value) => ({ value, label: SORT_LABELS[value] }))}
      onChange={onSort}
    />
  );
}
