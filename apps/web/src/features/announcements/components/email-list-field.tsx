import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { countOf } from '../utils/delivery';
import { extractEmails, mergeEmails, type MergedEmails } from '../utils/emails';

/** The invalid words written out before "y n más". */
const INVALID_SHOWN = 10;

function invalidList(invalid: readonly string[]): string {
  const shown = invalid.slice(0, INVALID_SHOWN).join(', ');
  const rest = invalid.length - INVALID_SHOWN;
  return rest > 0 ? `${shown} y ${rest} más` : shown;
}

interface EmailListFieldProps {
  /** The pasted text, as typed (the addresses are extracted from it). */
  text: string;
  onChange: (text: string, emails: string[]) => void;
}

/**
 * Addresses pasted or read from a .csv or .txt file in the browser (ADR 0046): the file's
 * addresses are added to the list, without repetitions, and what was not an address is reported,
 * file and list alike. Nothing is uploaded: the audience carries the addresses.
 */
export function EmailListField({ text, onChange }: EmailListFieldProps) {
  const ids = useId();
  const [fileReport, setFileReport] = useState<
    ({ name: string } & Omit<MergedEmails, 'text'>) | { name: string; failed: true } | null
  >(null);
  const found = extractEmails(text);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const merged = mergeEmails(text, await file.text());
      onChange(merged.text, extractEmails(merged.text).valid);
      setFileReport({
        name: file.name,
        added: merged.added,
        alreadyListed: merged.alreadyListed,
        invalid: merged.invalid,
      });
    } catch {
      setFileReport({ name: file.name, failed: true });
    } finally {
      // The same file can be chosen again (after it was edited).
      input.value = '';
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-text`} className="text-sm font-semibold text-slate-900">
          Direcciones de correo
        </label>
        <p id={`${ids}-hint`} className="text-sm text-slate-600">
          Una o varias, separadas por saltos de línea, comas o punto y coma. Solo llegan a quienes
          tienen cuenta de estudiante con esa dirección.
        </p>
        <textarea
          id={`${ids}-text`}
          rows={4}
          value={text}
          aria-describedby={`${ids}-hint ${ids}-summary`}
          onChange={(event) =>
            onChange(event.target.value, extractEmails(event.target.value).valid)
          }
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <p id={`${ids}-summary`} className="text-sm text-slate-700">
          {found.valid.length === 0
            ? 'Ninguna dirección todavía.'
            : `${countOf(found.valid.length, 'dirección válida', 'direcciones válidas')}${
                found.repeated > 0
                  ? ` (${countOf(found.repeated, 'repetida', 'repetidas')} una sola vez)`
                  : ''
              }.`}
          {found.invalid.length > 0 ? (
            <span className="block font-medium text-red-700">
              No son direcciones válidas y no se usan: {invalidList(found.invalid)}.
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-file`} className="text-sm font-semibold text-slate-900">
          Añadir desde un archivo (.csv o .txt)
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => void readFile(event)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-100"
        />
        <p className="text-sm text-slate-600">
          Se toman las palabras con @ de cualquier columna; nombres y cabeceras se ignoran.
        </p>
      </div>
      {fileReport ? (
        'failed' in fileReport ? (
          <Alert tone="error">No se ha podido leer «{fileReport.name}».</Alert>
        ) : (
          <Alert tone={fileReport.invalid.length > 0 ? 'error' : 'info'}>
            De «{fileReport.name}»:{' '}
            {countOf(fileReport.added, 'dirección añadida', 'direcciones añadidas')}
            {fileReport.alreadyListed > 0
              ? `, ${countOf(fileReport.alreadyListed, 'ya estaba', 'ya estaban')} en la lista`
              : ''}
            .
            {fileReport.invalid.length > 0
              ? ` No son direcciones válidas: ${invalidList(fileReport.invalid)}.`
              : ''}
          </Alert>
        )
      ) : null}
    </div>
  );
}
