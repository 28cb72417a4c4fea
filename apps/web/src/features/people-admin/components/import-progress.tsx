import type { PeopleImport } from '@plataforma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ImportProblemsTable } from '../../../components/import/import-tables';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { isImportFinished, refreshImportedLists, usePeopleImport } from '../api/imports-api';
import { rowsText } from '../utils/import-words';
import { ImportFigure } from '../../../components/import/import-figure';

/** What the live region says: only when the import changes phase, not at every batch. */
export function phaseText(peopleImport: PeopleImport): string {
  switch (peopleImport.status) {
    case 'queued':
      return 'La carga está en cola y empezará enseguida.';
    case 'running':
      return 'Cargando el archivo...';
    case 'done':
      return `Carga terminada: ${rowsText(peopleImport.created)} ${peopleImport.created === 1 ? 'creada' : 'creadas'}, ${peopleImport.updated} ${peopleImport.updated === 1 ? 'actualizada' : 'actualizadas'}, ${peopleImport.skipped} sin cambios y ${peopleImport.failed} con errores.`;
    case 'failed':
      return 'La carga se ha detenido antes de terminar.';
  }
}

const percentOf = (done: number, total: number) =>
  total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));

/**
 * An import of people followed live (`GET /api/imports/:id` every second until it ends, ADR
 * 0048): a progress bar of the rows processed, then what was created, updated, skipped and not
 * written, with every failed row's problems by row and column. Its id is in the address, so a
 * reload or a later visit follows the same import. When it ends the lists are read again.
 */
export function ImportProgress({
  id,
  listHref,
  onAnother,
}: {
  id: number;
  /** Where the list of what was loaded is. */
  listHref: string;
  /** Back to the form, for another file. */
  onAnother: () => void;
}) {
  const queryClient = useQueryClient();
  const query = usePeopleImport(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = query.data;
  const phase = !current ? 'loading' : isImportFinished(current) ? 'result' : 'progress';
  const kind = current?.kind;

  // The heading takes the focus when the import appears and again when its result does, so a
  // screen reader reads from there (the heading is a new element each time). After a task: the
  // confirmation that started the import closes as this appears, and its dialog gives the focus
  // back (to where it was before it opened) in a microtask of its own.
  useEffect(() => {
    const timer = setTimeout(() => headingRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [phase]);

  // New people appear in the lists at once.
  useEffect(() => {
    if (phase === 'result' && kind) void refreshImportedLists(queryClient, kind);
  }, [phase, kind, queryClient]);

  if (!current) {
    if (query.isError) {
      return (
        <div className="flex flex-col gap-3">
          <Alert tone="error">No se ha podido consultar la carga: {query.error.message}</Alert>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
            <Button variant="secondary" onClick={onAnother}>
              Cargar otro archivo
            </Button>
          </div>
        </div>
      );
    }
    return <LoadingStatus />;
  }

  const finished = phase === 'result';
  const percent = percentOf(current.processed, current.total);
  const failures = current.failures.flatMap((failure) => failure.errors);
  const headingId = `carga-${current.id}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3
          key={phase}
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          {!finished
            ? 'Cargando el archivo'
            : current.status === 'failed'
              ? 'La carga no ha terminado'
              : 'Resultado de la carga'}
        </h3>
        {current.fileName ? (
          <p className="text-sm break-words text-slate-700">Archivo «{current.fileName}»</p>
        ) : null}
      </div>
      {/* A polite live region that speaks at each change of phase, not at each batch. */}
      <p role="status" className="text-base text-slate-800">
        {phaseText(current)}
      </p>

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap justify-between gap-x-4 text-sm text-slate-700">
          <span id={`${headingId}-bar`}>Filas procesadas</span>
          <span className="tabular-nums">
            {current.processed.toLocaleString('es-ES')} de {current.total.toLocaleString('es-ES')}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`${headingId}-bar`}
          aria-valuemin={0}
          aria-valuemax={current.total}
          aria-valuenow={current.processed}
          aria-valuetext={`${current.processed.toLocaleString('es-ES')} de ${current.total.toLocaleString('es-ES')} (${percent} %)`}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full bg-main transition-[width] duration-500 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      {!finished ? (
        <p className="text-sm text-slate-600">
          Se actualiza sola. Puedes salir de esta página: la carga sigue y esta dirección la
          muestra.
        </p>
      ) : null}
      {query.isError ? (
        <p className="text-sm text-slate-700">
          No se ha podido consultar cómo va ({query.error.message}); se vuelve a intentar.
        </p>
      ) : null}

      {finished ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <ImportFigure term="Filas creadas" value={current.created} />
          <ImportFigure term="Filas actualizadas" value={current.updated} />
          <ImportFigure term="Filas sin cambios" value={current.skipped} />
          <ImportFigure term="Filas con errores" value={current.failed} tone="bad" />
        </dl>
      ) : null}

      {current.status === 'failed' ? (
        // Not a live region: the status above has said it stopped; this says what to do.
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {current.error ?? 'La carga se ha detenido.'} Lo cargado hasta entonces (
          {rowsText(current.processed)}) se ha guardado; vuelve a cargar el archivo eligiendo
          «Saltar su fila» para terminar sin repetir a nadie.
        </div>
      ) : null}

      {failures.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-base font-bold text-slate-900">
            Filas que no se han cargado ({rowsText(current.failures.length)})
          </h4>
          <ImportProblemsTable
            issues={failures}
            caption="Filas que no se han cargado: fila, columna y por qué"
            regionLabel="Filas que no se han cargado"
          />
        </div>
      ) : null}

      {finished ? (
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={listHref}>Ver el listado</ButtonLink>
          <Button variant="secondary" onClick={onAnother}>
            Cargar otro archivo
          </Button>
        </div>
      ) : null}
    </section>
  );
}
