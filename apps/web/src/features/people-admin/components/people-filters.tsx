import { THESIS_STAGE_LABELS, THESIS_STAGES } from '@plataforma/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form';
import { useDegreeChoices, useUniversityChoices } from '../api/people-api';
import type { PeopleFilters } from '../types';
import type { KindConfig } from '../utils/kinds';
import { hasFilters } from '../utils/people-params';

const YES_NO = [
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
] as const;

/**
 * The search and filters of a list, applied with "Aplicar filtros" so the URL and the table
 * change once per search. Rebuilt from the URL (`key` on the caller) when it changes.
 */
export function PeopleFiltersForm({
  config,
  filters,
  onApply,
}: {
  config: KindConfig;
  filters: PeopleFilters;
  onApply: (filters: PeopleFilters) => void;
}) {
  const offers = new Set(config.filters);
  const [university, setUniversity] = useState(
    filters.university ? String(filters.university) : '',
  );
  const universities = useUniversityChoices(offers.has('university'));
  const degrees = useDegreeChoices(offers.has('degree'), university ? Number(university) : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const id = (name: string) => (read(name) ? Number(read(name)) : undefined);
    const yesNo = (name: string) => read(name) as 'si' | 'no' | undefined;
    onApply({
      q: read('q'),
      university: id('university'),
      degree: id('degree'),
      thesisStage: read('thesisStage'),
      validated: yesNo('validated'),
      published: yesNo('published'),
      sort: filters.sort,
    });
  };

  return (
    <form
      role="search"
      aria-label={`Buscar ${config.plural}`}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="Buscar"
          name="q"
          type="search"
          maxLength={200}
          defaultValue={filters.q ?? ''}
          hint={config.searchHint}
          className="sm:col-span-2 lg:col-span-3"
        />
        {offers.has('university') ? (
          <SelectField
            label="Universidad"
            name="university"
            value={university}
            onChange={(event) => setUniversity(event.target.value)}
          >
            <option value="">Todas las universidades</option>
            {filters.university && !universities.data ? (
              <option value={filters.university}>Universidad seleccionada</option>
            ) : null}
            {(universities.data ?? []).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {offers.has('degree') ? (
          <SelectField
            key={university}
            label="Titulación"
            name="degree"
            defaultValue={filters.degree ? String(filters.degree) : ''}
          >
            <option value="">Todas las titulaciones</option>
            {filters.degree && !degrees.data ? (
              <option value={filters.degree}>Titulación seleccionada</option>
            ) : null}
            {(degrees.data ?? []).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {offers.has('thesisStage') ? (
          <SelectField
            label="Etapa del TFG/TFM"
            name="thesisStage"
            defaultValue={filters.thesisStage ?? ''}
          >
            <option value="">Todas las etapas</option>
            {THESIS_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {THESIS_STAGE_LABELS[stage]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {offers.has('validated') ? (
          <SelectField label="Validado" name="validated" defaultValue={filters.validated ?? ''}>
            <option value="">Todos</option>
            {YES_NO.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        {offers.has('published') ? (
          <SelectField label="Publicado" name="published" defaultValue={filters.published ?? ''}>
            <option value="">Todos</option>
            {YES_NO.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Aplicar filtros</Button>
        {hasFilters(filters) ? (
          <Button variant="secondary" onClick={() => onApply({ sort: filters.sort })}>
            Limpiar filtros
          </Button>
        ) : null}
      </div>
    </form>
  );
}
