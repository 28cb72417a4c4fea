import {
  FILE_SIZE_LIMIT_BYTES,
  FILE_SIZE_LIMIT_MB,
  type ImportAnswer,
  type ImportOnExisting,
  type ImportRowAction,
} from '@plataforma/shared';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Alert, CheckboxField } from '../../../components/ui/form';
import { showToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useDownloadImportTemplate, usePreviewImport, useRunImport } from '../api/import-works';

type ImportResult = ImportAnswer['data'];

/** The files an import reads. */
const IMPORT_TYPES = ['csv', 'xlsx'] as const;
const ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** Why a chosen file cannot be imported (spec §8 texts), or null. */
export function importFileProblem(file: File): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(IMPORT_TYPES as readonly string[]).includes(extension)) {
    return `Archivo no permitido. Solo se aceptan: ${IMPORT_TYPES.join(', ')}`;
  }
  if (file.size > FILE_SIZE_LIMIT_BYTES) {
    return `El archivo pesa demasiado: debe pesar menos de ${FILE_SIZE_LIMIT_MB}MB.`;
  }
  return null;
}

/** What a row's action means, before and after the import. */
const ACTION_LABELS: Record<ImportRowAction, { preview: string; written: string; tone: string }> = {
  create: {
    preview: 'Se creará',
    written: 'Creado',
    tone: 'bg-green-50 text-green-900 ring-green-300',
  },
  update: {
    preview: 'Se actualizará',
    written: 'Actualizado',
    tone: 'bg-sky-50 text-sky-900 ring-sky-200',
  },
  skip: {
    preview: 'Ya existe: se deja como está',
    written: 'Ya existía: sin cambios',
    tone: 'bg-slate-100 text-slate-800 ring-slate-300',
  },
  invalid: {
    preview: 'Con errores: no se importará',
    written: 'No importado',
    tone: 'bg-red-50 text-red-900 ring-red-300',
  },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The counts of a preview or of a finished import, in one sentence. */
export function countsSentence({ counts, written }: ImportResult): string {
  const parts = written
    ? [
        plural(counts.create, 'trabajo creado', 'trabajos creados'),
        plural(counts.update, 'actualizado', 'actualizados'),
        plural(counts.skip, 'ya existía y no se ha tocado', 'ya existían y no se han tocado'),
        plural(counts.invalid, 'fila con errores no importada', 'filas con errores no importadas'),
      ]
    : [
        plural(counts.create, 'trabajo nuevo', 'trabajos nuevos'),
        plural(counts.update, 'se actualizará', 'se actualizarán'),
        plural(
          counts.skip,
          'ya existe y se dejará como está',
          'ya existen y se dejarán como están',
        ),
        plural(counts.invalid, 'fila con errores', 'filas con errores'),
      ];
  return `${plural(counts.total, 'fila', 'filas')}: ${parts.join(', ')}.`;
}

const ON_EXISTING_OPTIONS: { value: ImportOnExisting; label: string; description: string }[] = [
  {
    value: 'skip',
    label: 'Dejarlos como están',
    description: 'Importar el mismo archivo dos veces no cambia nada.',
  },
  {
    value: 'update',
    label: 'Actualizarlos con los datos del archivo',
    description: 'Para corregir trabajos que ya se importaron.',
  },
];

/** The preview's or the result's rows in a table: row, work, what happens, problems. */
function RowsTable({ result, onlyProblems }: { result: ImportResult; onlyProblems: boolean }) {
  const rows = onlyProblems
    ? result.rows.filter((row) => row.errors.length > 0 || row.action === 'invalid')
    : result.rows;
  return (
    // On a phone each row is a block with its labels (four columns do not fit 360 px); from `sm`
    // a table that a narrow window scrolls sideways: the scrolling box takes the focus, so the
    // keyboard scrolls it too, and says what it holds.
    <div
      role="region"
      aria-label="Filas del archivo"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200"
    >
      <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[36rem]">
        <caption className="sr-only">
          {result.written ? 'Resultado de la importación' : 'Vista previa de la importación'}, fila
          a fila
        </caption>
        <thead className="bg-slate-50 text-slate-900 max-sm:sr-only">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Fila
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Trabajo
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {result.written ? 'Resultado' : 'Qué pasará'}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Problemas
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block">
          {rows.map((row) => {
            const action = ACTION_LABELS[row.action];
            return (
              <tr key={row.row} className="align-top max-sm:block max-sm:py-2">
                {/* On a phone the column's name goes before the value (drawn by CSS only there). */}
                <th
                  scope="row"
                  className="px-3 py-2 font-semibold text-slate-900 max-sm:block max-sm:py-1 max-sm:before:content-['Fila_']"
                >
                  {row.row}
                </th>
                <td className="px-3 py-2 text-slate-800 max-sm:block max-sm:py-1">
                  {row.label || '—'}
                </td>
                <td className="px-3 py-2 max-sm:block max-sm:py-1">
                  <span
                    className={cn(
                      'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      action.tone,
                    )}
                  >
                    {result.written ? action.written : action.preview}
                  </span>
                </td>
                <td className="px-3 py-2 text-slate-800 max-sm:block max-sm:py-1 max-sm:before:content-['Problemas:_']">
                  {row.errors.length === 0 ? (
                    <span className="text-slate-600">Ninguno</span>
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {row.errors.map((issue, index) => (
                        <li key={index}>
                          {issue.column ? (
                            <>
                              <strong className="font-semibold">
                                Columna «{issue.column}»:
                              </strong>{' '}
                            </>
                          ) : null}
                          {issue.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Importar trabajos externos" (ADR 0039 import contract, ADR 0041 screen): download the
 * template, choose a CSV or XLSX file, read the preview (every row with what will happen and its
 * problems, by column; nothing written yet), choose what happens to works already imported, then
 * import. The result lists every row again. The same file imported twice adds nothing.
 */
export function ImportWorks() {
  const ids = useId();
  const template = useDownloadImportTemplate();
  const preview = usePreviewImport();
  const run = useRunImport();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [onExisting, setOnExisting] = useState<ImportOnExisting>('skip');
  const [onlyProblems, setOnlyProblems] = useState(false);
  // The last preview stays on screen while another is read (the other choice for existing works).
  const [previewed, setPreviewed] = useState<ImportResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  function ask(chosen: File, policy: ImportOnExisting) {
    run.reset();
    // Only the latest request's answer lands (TanStack calls back the last `mutate` only).
    preview.mutate(
      { file: chosen, onExisting: policy },
      { onSuccess: setPreviewed, onError: () => setPreviewed(null) },
    );
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const problem = importFileProblem(chosen);
    setFileProblem(problem);
    setPreviewed(null);
    preview.reset();
    run.reset();
    if (problem) {
      setFile(null);
      return;
    }
    setFile(chosen);
    ask(chosen, onExisting);
  }

  function startOver() {
    setFile(null);
    setFileProblem(null);
    setPreviewed(null);
    preview.reset();
    run.reset();
    inputRef.current?.focus();
  }

  const shown = run.data ?? previewed;
  const importable = previewed ? previewed.counts.create + previewed.counts.update : 0;

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
          Importar trabajos externos
        </h2>
        <p className="max-w-3xl text-base text-slate-700">
          Trabajos finales de fuera de la plataforma para el repositorio externo, desde un archivo
          CSV o XLSX. Antes de guardar nada verás cada fila con sus problemas.
        </p>
      </div>

      <ol className="flex flex-col gap-6">
        <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h3 className="text-base font-bold text-slate-900">1. Prepara el archivo</h3>
          <p className="text-sm text-slate-700">
            La plantilla trae las columnas que se leen, con una fila de ejemplo. Rellénala con una
            hoja de cálculo y guárdala como CSV o XLSX.
          </p>
          <div>
            <Button
              variant="secondary"
              isPending={template.isPending}
              onClick={() => template.mutate()}
            >
              Descargar la plantilla (CSV)
            </Button>
          </div>
          {template.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              No se ha podido descargar la plantilla: {template.error.message}
            </p>
          ) : null}
        </li>

        <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h3 className="text-base font-bold text-slate-900">2. Elige el archivo y revísalo</h3>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold text-slate-900">
              Trabajos que ya están en la plataforma
            </legend>
            {ON_EXISTING_OPTIONS.map((option) => (
              <div key={option.value} className="flex items-start gap-2 text-sm">
                <input
                  id={`${ids}-${option.value}`}
                  type="radio"
                  name={`${ids}-on-existing`}
                  value={option.value}
                  checked={onExisting === option.value}
                  disabled={run.isPending}
                  aria-describedby={`${ids}-${option.value}-hint`}
                  onChange={() => {
                    setOnExisting(option.value);
                    if (file && !run.data) ask(file, option.value);
                  }}
                  className="mt-0.5 size-4 shrink-0 accent-main"
                />
                <div className="flex flex-col">
                  <label htmlFor={`${ids}-${option.value}`} className="font-medium text-slate-900">
                    {option.label}
                  </label>
                  <p id={`${ids}-${option.value}-hint`} className="text-slate-600">
                    {option.description}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-3">
              <label
                className={cn(
                  buttonClasses('primary'),
                  'cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-main',
                  (preview.isPending || run.isPending) && 'pointer-events-none opacity-60',
                )}
              >
                {file ? 'Elegir otro archivo' : 'Elegir archivo'}
                <input
                  ref={inputRef}
                  type="file"
                  accept={ACCEPT}
                  disabled={preview.isPending || run.isPending}
                  aria-describedby={`${ids}-file-hint${fileProblem ? ` ${ids}-file-error` : ''}`}
                  aria-invalid={fileProblem ? true : undefined}
                  onChange={choose}
                  className="sr-only"
                />
              </label>
              <span className="text-sm text-slate-700">
                {file ? file.name : 'Ningún archivo elegido'}
              </span>
            </div>
            <p id={`${ids}-file-hint`} className="text-sm text-slate-600">
              CSV o XLSX. El archivo debe pesar menos de {FILE_SIZE_LIMIT_MB}MB.
            </p>
            {fileProblem ? (
              <p id={`${ids}-file-error`} role="alert" className="text-sm font-medium text-red-700">
                {fileProblem}
              </p>
            ) : null}
          </div>
          {preview.isPending ? (
            <p role="status" className="text-sm text-slate-700">
              Leyendo el archivo...
            </p>
          ) : null}
          {preview.isError ? (
            <Alert tone="error">No se ha podido leer el archivo: {preview.error.message}</Alert>
          ) : null}
        </li>
      </ol>

      {shown ? (
        <div
          ref={resultRef}
          tabIndex={-1}
          className="flex flex-col gap-4 focus:outline-none"
          aria-busy={preview.isPending || undefined}
          aria-labelledby={`${ids}-result`}
          role="region"
        >
          <h3 id={`${ids}-result`} className="text-lg font-bold text-slate-900">
            {shown.written ? 'Resultado de la importación' : 'Vista previa'}
          </h3>
          <Alert tone={shown.written ? 'success' : 'info'}>{countsSentence(shown)}</Alert>
          {shown.rows.length > 0 ? (
            <CheckboxField
              label="Mostrar solo las filas con problemas"
              checked={onlyProblems}
              onChange={(event) => setOnlyProblems(event.target.checked)}
            />
          ) : null}
          <RowsTable result={shown} onlyProblems={onlyProblems} />

          {shown.written ? (
            <div>
              <Button variant="secondary" onClick={startOver}>
                Importar otro archivo
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              {run.isError ? (
                <Alert tone="error">No se ha podido importar: {run.error.message}</Alert>
              ) : null}
              <p className="text-sm text-slate-700">
                {importable === 0
                  ? 'No hay ninguna fila que importar: corrige el archivo y vuelve a elegirlo.'
                  : 'Las filas con errores no se importan; puedes corregirlas e importar el archivo de nuevo.'}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  disabled={importable === 0 || file === null || preview.isPending}
                  isPending={run.isPending}
                  onClick={() => {
                    if (!file) return;
                    run.mutate(
                      { file, onExisting },
                      {
                        onSuccess: (result) => {
                          showToast(
                            `Importación terminada: ${plural(result.counts.create, 'trabajo creado', 'trabajos creados')} y ${plural(result.counts.update, 'actualizado', 'actualizados')}.`,
                          );
                          setTimeout(() => resultRef.current?.focus(), 0);
                        },
                      },
                    );
                  }}
                >
                  {importable === 1 ? 'Importar 1 trabajo' : `Importar ${importable} trabajos`}
                </Button>
                <Button variant="secondary" onClick={startOver} disabled={run.isPending}>
                  Cancelar
                </Button>
              </div>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
