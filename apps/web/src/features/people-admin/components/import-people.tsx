import {
  PEOPLE_IMPORT_COLUMNS,
  type PeopleImportKind,
  type PeopleImportMode,
} from '@plataforma/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ImportFilePicker } from '../../../components/import/import-file-picker';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { templateHref, usePreviewPeopleImport, useStartPeopleImport } from '../api/imports-api';
import {
  IMPORT_WORDS,
  MODE_OPTIONS,
  countText,
  rowsText,
  type ImportWords,
} from '../utils/import-words';
import { ImportProgress } from './import-progress';
import { ImportReview, type ImportPreview } from './import-review';

/** The URL parameter of the import being followed (ADR 0050): a reload keeps following it. */
export const IMPORT_ID_PARAM = 'carga';

function parseImportId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The expected columns, the required ones marked, and the two templates. */
function FileColumns({ kind, words }: { kind: PeopleImportKind; words: ImportWords }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        Una fila por {words.one}. La primera lleva los nombres de estas columnas: no importan las
        mayúsculas, las tildes ni el orden, y otras columnas se ignoran. Solo las obligatorias
        tienen que estar.
      </p>
      <ul className="flex flex-col gap-1 text-sm text-slate-800">
        {PEOPLE_IMPORT_COLUMNS[kind].map((column) => (
          <li key={column.key} className="break-words">
            <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-900">
              {column.header}
            </code>
            {column.required ? <strong className="font-semibold"> (obligatoria)</strong> : null}:{' '}
            {column.description}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        Las plantillas traen todas las columnas y una fila de ejemplo que se puede cargar tal cual.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={templateHref(kind, 'csv')} download className={buttonClasses('secondary')}>
          Descargar la plantilla CSV
        </a>
        <a href={templateHref(kind, 'xlsx')} download className={buttonClasses('secondary')}>
          Descargar la plantilla Excel (XLSX)
        </a>
      </div>
    </>
  );
}

/** What the confirmation says will happen before the job starts writing. */
function confirmText(preview: ImportPreview, words: ImportWords): string {
  const { counts } = preview;
  const parts: string[] = [];
  if (counts.create > 0) {
    parts.push(
      `Se ${counts.create === 1 ? 'creará' : 'crearán'} ${countText(counts.create, words)}.`,
    );
    parts.push(words.invitations);
  }
  if (counts.update > 0) {
    parts.push(
      `Se ${counts.update === 1 ? 'actualizará' : 'actualizarán'} ${countText(counts.update, words)} con los datos del archivo.`,
    );
  }
  if (counts.skip > 0) {
    parts.push(
      `${rowsText(counts.skip)} ya ${counts.skip === 1 ? 'registrada se saltará' : 'registradas se saltarán'}.`,
    );
  }
  if (counts.invalid > 0) {
    parts.push(
      `${rowsText(counts.invalid)} con errores no ${counts.invalid === 1 ? 'se cargará' : 'se cargarán'}.`,
    );
  }
  return parts.join(' ');
}

/** A review together with what it reviewed: a later change of file or choice makes it old. */
interface Reviewed {
  preview: ImportPreview;
  file: File;
  mode: PeopleImportMode;
}

/**
 * The form: the file's columns and templates, the file, the choice for registered rows, the
 * review and, when some row can be written, the load after a confirmation.
 */
function ImportForm({
  kind,
  onStarted,
}: {
  kind: PeopleImportKind;
  onStarted: (id: number) => void;
}) {
  const ids = useId();
  const words = IMPORT_WORDS[kind];
  const preview = usePreviewPeopleImport();
  const start = useStartPeopleImport();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<PeopleImportMode>('create');
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The review's heading takes the focus when a review arrives (its summary is read from there).
  useEffect(() => {
    if (reviewed) headingRef.current?.focus();
  }, [reviewed]);

  /** A review is only good for the file and the choice it was made with. */
  function forget() {
    setReviewed(null);
    preview.reset();
    start.reset();
  }

  function review() {
    if (!file) return;
    start.reset();
    const asked = { file, mode };
    // Only the latest request's answer lands (TanStack calls back the last `mutate` only).
    preview.mutate(
      { kind, ...asked },
      {
        onSuccess: (answer) => setReviewed({ preview: answer, ...asked }),
        onError: () => setReviewed(null),
      },
    );
  }

  function load() {
    if (!reviewed) return;
    start.mutate(
      { kind, file: reviewed.file, mode: reviewed.mode },
      {
        onSuccess: (started) => onStarted(started.id),
        onError: () => setIsConfirming(false),
      },
    );
  }

  const loadable = reviewed ? reviewed.preview.counts.create + reviewed.preview.counts.update : 0;
  const invalid = reviewed?.preview.counts.invalid ?? 0;
  const busy = preview.isPending || start.isPending;

  return (
    <ol className="flex flex-col gap-6">
      <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h3 className="text-base font-bold text-slate-900">1. Prepara el archivo</h3>
        <FileColumns kind={kind} words={words} />
      </li>

      <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h3 className="text-base font-bold text-slate-900">2. Elige el archivo y revísalo</h3>
        <ImportFilePicker
          file={file}
          problem={fileProblem}
          disabled={busy}
          onChoose={(chosen, problem) => {
            setFile(chosen);
            setFileProblem(problem);
            forget();
          }}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{words.registered}</legend>
          {MODE_OPTIONS.map((option) => (
            <div key={option.value} className="flex items-start gap-2 text-sm">
              <input
                id={`${ids}-${option.value}`}
                type="radio"
                name={`${ids}-mode`}
                value={option.value}
                checked={mode === option.value}
                disabled={busy}
                aria-describedby={`${ids}-${option.value}-hint`}
                onChange={() => {
                  setMode(option.value);
                  forget();
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
        <div className="flex flex-col gap-2">
          <div>
            <Button
              disabled={!file || start.isPending}
              isPending={preview.isPending}
              onClick={review}
            >
              Revisar archivo
            </Button>
          </div>
          {preview.isPending ? (
            <p role="status" className="text-sm text-slate-700">
              Revisando el archivo...
            </p>
          ) : null}
          {preview.isError ? (
            <Alert tone="error">No se ha podido revisar el archivo: {preview.error.message}</Alert>
          ) : null}
        </div>
      </li>

      {reviewed ? (
        <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <ImportReview
            preview={reviewed.preview}
            fileName={reviewed.file.name}
            words={words}
            headingId={`${ids}-review`}
            headingRef={headingRef}
          />
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            {loadable === 0 ? (
              <p className="text-sm font-medium text-slate-800">
                No hay ninguna fila que cargar: corrige el archivo, o elige otra opción para lo ya
                registrado, y revísalo de nuevo.
              </p>
            ) : (
              <>
                <p className="text-sm text-slate-700">
                  {invalid > 0
                    ? `Se cargarán las filas sin problemas; ${rowsText(invalid)} con errores no. Puedes corregirlas después y cargar el archivo otra vez eligiendo «Saltar su fila».`
                    : 'Todo está listo para cargar.'}
                </p>
                <div>
                  <Button isPending={start.isPending} onClick={() => setIsConfirming(true)}>
                    Cargar {rowsText(loadable)}
                  </Button>
                </div>
              </>
            )}
            {start.isError ? (
              <Alert tone="error">No se ha podido empezar la carga: {start.error.message}</Alert>
            ) : null}
          </div>
          <ConfirmDialog
            isOpen={isConfirming}
            title={`¿Cargar ${rowsText(loadable)}?`}
            description={confirmText(reviewed.preview, words)}
            confirmLabel={`Cargar ${rowsText(loadable)}`}
            isPending={start.isPending}
            onConfirm={load}
            onClose={() => setIsConfirming(false)}
          />
        </li>
      ) : null}
    </ol>
  );
}

/**
 * "Cargar desde un archivo" of a people page (ADR 0048 API, ADR 0050 screen): the form and the
 * review, or, once started, the import followed live to its result. The import's id is in the
 * URL (`carga`) beside the tab's own parameters (`keep`).
 */
export function ImportPeople({
  kind,
  keep,
}: {
  kind: PeopleImportKind;
  /** The URL parameters that keep this tab open. */
  keep: Record<string, string>;
}) {
  const ids = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = parseImportId(searchParams.get(IMPORT_ID_PARAM));
  const words = IMPORT_WORDS[kind];
  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
          Cargar desde un archivo
        </h2>
        <p className="max-w-3xl text-base text-slate-700">
          Da de alta {words.plural} desde un archivo CSV o Excel (XLSX), todas sus filas de una vez.
          Antes de guardar nada se revisa cada fila y verás sus problemas; después se carga poco a
          poco y puedes seguir cómo va.
        </p>
      </div>
      {importId ? (
        <ImportProgress
          key={importId}
          id={importId}
          listHref="?"
          onAnother={() => setSearchParams(keep)}
        />
      ) : (
        <ImportForm
          kind={kind}
          onStarted={(id) =>
            setSearchParams({ ...keep, [IMPORT_ID_PARAM]: String(id) }, { replace: true })
          }
        />
      )}
    </section>
  );
}
