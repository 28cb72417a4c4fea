import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form';
import { validateItem } from '../../../forms/engine/validation';
import { DateField } from '../../../forms/fields/date-field';
import type { FormItem } from '../../../forms/types';
import { useUniversities } from '../api/get-universities';
import type { ReportFilters } from '../types';
import { hasReportFilters, NO_FILTERS } from '../utils/report-filters';

/** The period's days, as the form engine's Spanish date fields (dd/mm/aaaa, calendar from Monday). */
const DAY_ITEMS = {
  from: {
    type: 'date',
    value: 'from',
    label: 'Desde',
    optional: true,
    sublabel: 'Incluido. Sin fecha: desde el principio.',
  },
  to: {
    type: 'date',
    value: 'to',
    label: 'Hasta',
    optional: true,
    sublabel: 'Incluido. Sin fecha: hasta hoy.',
  },
} as const satisfies Record<'from' | 'to', FormItem>;
type Day = keyof typeof DAY_ITEMS;

export const END_BEFORE_START = 'La fecha «Hasta» no puede ser anterior a «Desde».';

interface ReportFiltersFormProps {
  filters: ReportFilters;
  onApply: (filters: ReportFilters) => void;
}

/**
 * The university and the period of the figures, applied with "Ver cifras" (the address changes
 * once per choice). Rebuilt from the address (`key` in the parent) when it changes, e.g. with
 * Back. While the universities load, or if they fail, only "Todas las universidades" is offered.
 */
export function ReportFiltersForm({ filters, onApply }: ReportFiltersFormProps) {
  const formId = useId().replace(/:/g, '');
  const universities = useUniversities();
  const [days, setDays] = useState<Record<Day, string>>({
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Day, string>>>({});

  function check(next: Record<Day, string>): Partial<Record<Day, string>> {
    const found: Partial<Record<Day, string>> = {};
    for (const key of ['from', 'to'] as const) {
      const error = validateItem(DAY_ITEMS[key], next[key], next);
      if (error) found[key] = error;
    }
    if (!found.from && !found.to && next.from && next.to && next.to < next.from) {
      found.to = END_BEFORE_START;
    }
    return found;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(days);
    setErrors(found);
    const invalid = (['from', 'to'] as const).find((key) => found[key]);
    if (invalid) {
      document.getElementById(`${formId}-${invalid}`)?.focus();
      return;
    }
    const chosen = Number(new FormData(event.currentTarget).get('university'));
    onApply({
      university: Number.isInteger(chosen) && chosen > 0 ? chosen : null,
      from: days.from || null,
      to: days.to || null,
    });
  }

  const options = universities.data ?? [];
  // A university in the address the list does not hold (yet) is still the one shown.
  const missing =
    filters.university !== null && !options.some((option) => option.id === filters.university);

  return (
    <form
      role="search"
      aria-label="Elegir universidad y periodo"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <SelectField
          // Rebuilt once the list arrives, so the chosen university is selected among them.
          key={universities.isSuccess ? 'loaded' : 'loading'}
          label="Universidad"
          name="university"
          defaultValue={filters.university === null ? '' : String(filters.university)}
          aria-describedby={universities.isError ? `${formId}-universities` : undefined}
        >
          <option value="">Todas las universidades</option>
          {missing ? (
            <option value={String(filters.university)}>
              {universities.isPending ? 'Cargando universidades...' : 'Universidad elegida'}
            </option>
          ) : null}
          {options.map((university) => (
            <option key={university.id} value={String(university.id)}>
              {university.name}
            </option>
          ))}
        </SelectField>
        {(['from', 'to'] as const).map((key) => (
          <DateField
            key={key}
            item={DAY_ITEMS[key]}
            id={`${formId}-${key}`}
            value={days[key]}
            values={days}
            error={errors[key]}
            onBlur={() => {}}
            onChange={(value) => {
              const next = { ...days, [key]: typeof value === 'string' ? value : '' };
              setDays(next);
              // Spec §5: a field that failed is checked again on change.
              if (errors.from || errors.to) setErrors(check(next));
            }}
          />
        ))}
      </div>
      {universities.isError ? (
        <p id={`${formId}-universities`} className="text-sm text-red-700">
          No se ha podido cargar la lista de universidades: de momento solo puedes ver todas.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Ver cifras</Button>
        {hasReportFilters(filters) ? (
          <Button variant="secondary" onClick={() => onApply(NO_FILTERS)}>
            Quitar filtros
          </Button>
        ) : null}
      </div>
    </form>
  );
}
