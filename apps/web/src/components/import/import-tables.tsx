import type { ImportIssue, ImportRow, ImportRowAction } from '@plataforma/shared';
import { useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

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

/** An issue's column, as the file wrote it, or the whole row. */
function IssueColumn({ column }: { column: string | null }) {
  return column ? <>«{column}»</> : <span className="text-slate-600">Toda la fila</span>;
}

/** An issue of a row: its column, as the file wrote it, and the API's message. */
function IssueText({ issue }: { issue: ImportIssue }) {
  return (
    <>
      {issue.column ? (
        <>
          <strong className="font-semibold">Columna «{issue.column}»:</strong>{' '}
        </>
      ) : null}
      {issue.message}
    </>
  );
}

/**
 * An import's rows in a table, one per row of the file: its number, its name (a work's title, a
 * person's email), what happens to it (before: the preview; after: the result) and its problems
 * by column (ADR 0039, ADR 0041), then its warnings (ADR 0065).
 */
export function ImportRowsTable({
  rows,
  written,
  labelHeader,
  caption,
  regionLabel = 'Filas del archivo',
}: {
  rows: readonly ImportRow[];
  /** The result of an import that wrote (true), or its preview. */
  written: boolean;
  /** The header of the row's name ("Trabajo", "Correo"). */
  labelHeader: string;
  caption: string;
  /** The name of the scrolling box (two tables on one screen need two names). */
  regionLabel?: string;
}) {
  return (
    // On a phone each row is a block with its labels (four columns do not fit 360 px); from `sm`
    // a table that a narrow window scrolls sideways: the scrolling box takes the focus, so the
    // keyboard scrolls it too, and says what it holds.
    <div
      role="region"
      aria-label={regionLabel}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200"
    >
      <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-900 max-sm:sr-only">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Fila
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {labelHeader}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {written ? 'Resultado' : 'Qué pasará'}
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
                <td className="px-3 py-2 break-words text-slate-800 max-sm:block max-sm:py-1">
                  {row.label || '—'}
                </td>
                <td className="px-3 py-2 max-sm:block max-sm:py-1">
                  <span
                    className={cn(
                      'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      action.tone,
                    )}
                  >
                    {written ? action.written : action.preview}
                  </span>
                </td>
                <td className="px-3 py-2 text-slate-800 max-sm:block max-sm:py-1 max-sm:before:content-['Problemas:_']">
                  {row.errors.length === 0 && !row.warnings?.length ? (
                    <span className="text-slate-600">Ninguno</span>
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {row.errors.map((issue, index) => (
                        <li key={index}>
                          <IssueText issue={issue} />
                        </li>
                      ))}
                      {/* A warning (ADR 0065) does not stop the row: it says what may not be meant. */}
                      {row.warnings?.map((issue, index) => (
                        <li key={`aviso-${index}`} className="text-amber-900">
                          <strong className="font-semibold">Aviso.</strong>{' '}
                          <IssueText issue={issue} />
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

/** Problems shown at first: a file of thousands of bad rows stays quick to show and to read. */
export const PROBLEMS_SHOWN = 200;

/**
 * Every problem of an import, one per line: the row of the file (the header is row 1), the
 * column as the file wrote it, and the API's Spanish message (with the closest catalogue name
 * when it found one: "¿Querías decir «…»?"). The preview's problems and the rows an import could
 * not write (ADR 0048). The table scrolls sideways inside its own box on a narrow screen.
 */
export function ImportProblemsTable({
  issues,
  caption,
  regionLabel,
  messageHeader = 'Problema',
}: {
  issues: readonly ImportIssue[];
  caption: string;
  regionLabel: string;
  /** The header of the message's column ("Aviso" for the warnings of ADR 0065). */
  messageHeader?: string;
}) {
  const [showAll, setShowAll] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const shown = showAll ? issues : issues.slice(0, PROBLEMS_SHOWN);
  return (
    <div className="flex flex-col gap-2">
      <div
        ref={regionRef}
        role="region"
        aria-label={regionLabel}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200"
      >
        <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Fila
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Columna
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {messageHeader}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {shown.map((issue, index) => (
              <tr key={`${issue.row}-${index}`} className="align-top">
                <th scope="row" className="px-3 py-2 font-semibold text-slate-900 tabular-nums">
                  {issue.row}
                </th>
                <td className="px-3 py-2 break-words text-slate-800">
                  <IssueColumn column={issue.column} />
                </td>
                <td className="min-w-[14rem] px-3 py-2 text-slate-800">{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < issues.length ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setShowAll(true);
              // The button goes away: the focus goes to the table it lengthened.
              regionRef.current?.focus();
            }}
          >
            Mostrar los {issues.length} problemas
          </Button>
        </div>
      ) : null}
    </div>
  );
}
