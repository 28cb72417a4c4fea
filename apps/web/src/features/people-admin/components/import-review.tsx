import type { ImportAnswer } from '@plataforma/shared';
import { useState, type Ref } from 'react';
import { ImportProblemsTable, ImportRowsTable } from '../../../components/import/import-tables';
import { Alert } from '../../../components/ui/alert';
import { ImportFigure } from '../../../components/import/import-figure';
import { countText, rowsText, type ImportWords } from '../utils/import-words';

export type ImportPreview = ImportAnswer['data'];

/** The problems of every row, in the file's order (a row may have several). */
export const issuesOf = (rows: readonly { errors: ImportPreview['rows'][number]['errors'] }[]) =>
  rows.flatMap((row) => row.errors);

/**
 * What loading the file would write, in one sentence: "Si lo cargas, se crearán 2 estudiantes y
 * se saltará 1 fila ya registrada."
 */
export function planSentence({ counts }: ImportPreview, words: ImportWords): string {
  const verb = (count: number, one: string, many: string) => (count === 1 ? one : many);
  const parts = [
    counts.create > 0
      ? `se ${verb(counts.create, 'creará', 'crearán')} ${countText(counts.create, words)}`
      : '',
    counts.update > 0
      ? `se ${verb(counts.update, 'actualizará', 'actualizarán')} ${countText(counts.update, words)}`
      : '',
    counts.skip > 0
      ? `se ${verb(counts.skip, 'saltará', 'saltarán')} ${rowsText(counts.skip)} ya ${verb(counts.skip, 'registrada', 'registradas')}`
      : '',
  ].filter(Boolean);
  if (parts.length === 0) return 'No hay ninguna fila que cargar.';
  const sentence =
    parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`;
  return `Si lo cargas, ${sentence}.`;
}

/**
 * The check of a file before anything is written (`dryRun=true`, ADR 0048): how many rows, how
 * many can be loaded and how many cannot; every problem by row and column with the API's Spanish
 * message; and, on demand, the rows that would be written with what happens to each.
 */
export function ImportReview({
  preview,
  fileName,
  words,
  headingId,
  headingRef,
}: {
  preview: ImportPreview;
  fileName: string;
  words: ImportWords;
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { counts } = preview;
  const issues = issuesOf(preview.rows);
  // The rows to write are many in a good file: drawn only when asked for.
  const [showRows, setShowRows] = useState(false);
  const loadable = preview.rows.filter((row) => row.action !== 'invalid');
  return (
    <div className="flex flex-col gap-4">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold break-words text-slate-900 focus:outline-none"
      >
        Revisión de «{fileName}»
      </h3>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <ImportFigure term="Filas" value={counts.total} />
        <ImportFigure term="Sin problemas" value={counts.total - counts.invalid} />
        <ImportFigure term="Con errores" value={counts.invalid} tone="bad" />
      </dl>
      <p className="text-base text-slate-800">{planSentence(preview, words)}</p>

      {issues.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-base font-bold text-slate-900">
            Problemas ({issues.length.toLocaleString('es-ES')})
          </h4>
          <p className="text-sm text-slate-700">
            La fila es la de la hoja de cálculo (la 1 es la de los nombres de las columnas).
          </p>
          <ImportProblemsTable
            issues={issues}
            caption="Problemas del archivo: fila, columna y qué pasa"
            regionLabel="Problemas del archivo"
          />
        </div>
      ) : (
        <Alert tone="success">Ninguna fila tiene problemas.</Alert>
      )}

      {loadable.length > 0 ? (
        <details
          className="flex flex-col gap-2"
          onToggle={(event) => setShowRows(event.currentTarget.open)}
        >
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            Ver las filas que se cargarán ({rowsText(loadable.length)})
          </summary>
          {showRows ? (
            <div className="mt-2">
              <ImportRowsTable
                rows={loadable}
                written={false}
                labelHeader={words.labelHeader}
                caption="Filas que se cargarán y qué pasará con cada una"
                regionLabel="Filas que se cargarán"
              />
            </div>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}
