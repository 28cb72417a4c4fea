import { SETUP_MAX_UNIVERSITIES } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { SETUP_TEXTS } from '../setup.texts';
import type { UniversityRow } from '../utils/setup-form';

const TEXTS = SETUP_TEXTS.installation;

interface UniversitiesFieldProps {
  /** Ids of the hint and the list's error. */
  idPrefix: string;
  rows: UniversityRow[];
  /** A problem of the list as a whole (the names together too long). */
  error: string | undefined;
  errorOf: (row: UniversityRow) => string | undefined;
  onChange: (row: UniversityRow, name: string) => void;
  onBlur: (row: UniversityRow) => void;
  onAdd: () => void;
  onRemove: (row: UniversityRow) => void;
}

/**
 * The universities the platform serves: one text field a university, numbered, each with its
 * "Quitar" while there are two or more, and "Añadir otra universidad" below. A group with its
 * legend, so each field is heard with it; inputs carry `data-university` (their row's key) for
 * the form to move the focus to a new or neighbouring row.
 */
export function UniversitiesField({
  idPrefix,
  rows,
  error,
  errorOf,
  onChange,
  onBlur,
  onAdd,
  onRemove,
}: UniversitiesFieldProps) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      className="flex min-w-0 flex-col gap-3"
    >
      <legend className="text-sm font-semibold text-slate-900">{TEXTS.universities}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {TEXTS.universitiesHint}
      </p>
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <li key={row.key} className="flex items-start gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={TEXTS.university(index + 1)}
              name={`universities.${index}`}
              value={row.name}
              error={errorOf(row)}
              onChange={(event) => onChange(row, event.target.value)}
              onBlur={() => onBlur(row)}
              autoComplete="off"
              data-university={row.key}
            />
            {rows.length > 1 ? (
              // Lined up with the input, under the label's line.
              <Button
                variant="secondary"
                className="mt-7 shrink-0"
                aria-label={TEXTS.removeUniversity(index + 1)}
                onClick={() => onRemove(row)}
              >
                {TEXTS.remove}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {rows.length < SETUP_MAX_UNIVERSITIES ? (
        <Button variant="secondary" className="self-start" onClick={onAdd}>
          {TEXTS.addUniversity}
        </Button>
      ) : null}
    </fieldset>
  );
}
