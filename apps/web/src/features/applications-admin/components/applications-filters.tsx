import { APPLICATION_STATUSES } from '@plataforma/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form';
import { validateItem } from '../../../forms/engine/validation';
import { DateField } from '../../../forms/fields/date-field';
import type { FormItem } from '../../../forms/types';
import type { ApplicationFilters } from '../types';
import { hasFilters, readFilters } from '../utils/application-filters';

/** The day filters, as the form engine's Spanish date fields (dd/mm/aaaa, calendar from Monday). */
const DAY_ITEMS = {
  from: { type: 'date', value: 'from', label: 'Desde', optional: true },
  to: { type: 'date', value: 'to', label: 'Hasta', optional: true },
} as const satisfies Record<'from' | 'to', FormItem>;
type DayFilter = keyof typeof DAY_ITEMS;

interface ApplicationsFiltersProps {
  filters: ApplicationFilters;
  onApply: (filters: ApplicationFilters) => void;
}

/**
 * The filters of /projects/applys: applied with "Aplicar filtros" (not on every keystroke), so
 * the URL and the table change once per search. The form is rebuilt from the URL (`key`) when
 * it changes, e.g. with Back. The days are the form engine's Spanish date fields rather than the
 * browser's date input, which shows the browser's format (mm/dd/yyyy in English); a day that is
 * not a real one stops the search with "Formato no válido." on its field.
 */
export function ApplicationsFilters({ filters, onApply }: ApplicationsFiltersProps) {
  const formId = useId().replace(/:/g, '');
  const [days, setDays] = useState<Record<DayFilter, string>>({
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const [dayErrors, setDayErrors] = useState<Partial<Record<DayFilter, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<DayFilter, string>> = {};
    for (const key of ['from', 'to'] as const) {
      const error = validateItem(DAY_ITEMS[key], days[key], days);
      if (error) found[key] = error;
    }
    setDayErrors(found);
    const invalid = (['from', 'to'] as const).find((key) => found[key]);
    if (invalid) {
      document.getElementById(`${formId}-${invalid}`)?.focus();
      return;
    }
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') params.set(key, value);
    for (const key of ['from', 'to'] as const) params.set(key, days[key]);
    onApply(readFilters(params));
  };

  const dayField = (key: DayFilter) => (
    <DateField
      item={DAY_ITEMS[key]}
      id={`${formId}-${key}`}
      value={days[key]}
      values={days}
      error={dayErrors[key]}
      onBlur={() => {}}
      onChange={(value) => {
        const day = typeof value === 'string' ? value : '';
        setDays((current) => ({ ...current, [key]: day }));
        // Spec §5: a field that failed is checked again on change.
        if (dayErrors[key]) {
          setDayErrors((current) => ({ ...current, [key]: validateItem(DAY_ITEMS[key], day, {}) }));
        }
      }}
    />
  );
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
        {dayField('from')}
        {dayField('to')}
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
