import { APPLICATION_STATUSES } from '@plataforma/shared';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form';
import type { ApplicationFilters } from '../types';
import { hasFilters, readFilters } from '../utils/application-filters';

interface ApplicationsFiltersProps {
  filters: ApplicationFilters;
  onApply: (filters: ApplicationFilters) => void;
}

/**
 * The filters of /projects/applys: applied with "Aplicar filtros" (not on every keystroke), so
 * the URL and the table change once per search. The form is rebuilt from the URL (`key`) when
 * it changes, e.g. with Back.
 */
export function ApplicationsFilters({ filters, onApply }: ApplicationsFiltersProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') params.set(key, value);
    onApply(readFilters(params));
  };
  return (
    <form
      role="search"
      aria-label="Filtrar candidaturas"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="Estado" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Todos los estados</option>
          {APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Proyecto"
          name="project"
          type="search"
          defaultValue={filters.project ?? ''}
          hint="Parte del título"
        />
        <TextField
          label="Organización"
          name="organization"
          type="search"
          defaultValue={filters.organization ?? ''}
        />
        <TextField
          label="Universidad"
          name="university"
          type="search"
          defaultValue={filters.university ?? ''}
        />
        <TextField
          label="Titulación"
          name="degree"
          type="search"
          defaultValue={filters.degree ?? ''}
        />
        <TextField label="Desde" name="from" type="date" defaultValue={filters.from ?? ''} />
        <TextField label="Hasta" name="to" type="date" defaultValue={filters.to ?? ''} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Aplicar filtros</Button>
        {hasFilters(filters) ? (
          <Button variant="secondary" onClick={() => onApply({})}>
            Limpiar filtros
          </Button>
        ) : null}
      </div>
    </form>
  );
}
