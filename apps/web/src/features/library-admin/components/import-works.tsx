import type { ImportAnswer, ImportOnExisting } from '@plataforma/shared';
import { useId, useRef, useState } from 'react';
import { ImportFilePicker } from '../../../components/import/import-file-picker';
import { ImportRowsTable } from '../../../components/import/import-tables';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { useDownloadImportTemplate, usePreviewImport, useRunImport } from '../api/import-works';

type ImportResult = ImportAnswer['data'];

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

  function choose(chosen: File | null, problem: string | null) {
    setFileProblem(problem);
    setPreviewed(null);
    preview.reset();
    run.reset();
    setFile(chosen);
    if (chosen) ask(chosen, onExisting);
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

          <ImportFilePicker
            file={file}
            problem={fileProblem}
            onChoose={choose}
            disabled={preview.isPending || run.isPending}
            inputRef={inputRef}
          />
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
          <ImportRowsTable
            rows={
              onlyProblems
                ? shown.rows.filter((row) => row.errors.length > 0 || row.action === 'invalid')
                : shown.rows
            }
            written={shown.written}
            labelHeader="Trabajo"
            caption={`${shown.written ? 'Resultado de la importación' : 'Vista previa de la importación'}, fila a fila`}
          />

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
