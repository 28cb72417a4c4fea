import { CATALOGUE_IMPORT_COLUMN_LISTS, type CatalogueImportKind } from '@plataforma/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ImportFilePicker } from '../../../components/import/import-file-picker';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import {
  catalogueTemplateHref,
  useLoadCatalogue,
  usePreviewCatalogueLoad,
  type CatalogueLoadAnswer,
} from '../api/load-catalogue';
import { LOAD_KINDS, LOAD_TEXTS as T, confirmText } from '../utils/load-texts';
import {
  CatalogueLoadResult,
  CatalogueLoadReview,
  entriesOf,
  warnedRows,
} from './catalogue-load-review';

/** The URL parameter of what is loaded; absent for universities, campuses and degrees. */
export const LOAD_KIND_PARAM = 'que';

/**
 * `/campus/load`, "Cargar el catálogo desde un archivo" (ADR 0065), reached from "Facultades y
 * Grados": the universities, campuses and degrees, or the study areas, from a CSV or XLSX file.
 * What is loaded is a tab in the URL; each tab is the people loads' flow (ADR 0050): prepare the
 * file, choose it and review it, load it after a confirmation, and read the result.
 */
export function CatalogueLoadScreen() {
  const [params] = useSearchParams();
  const current = LOAD_KINDS.find((k) => k.param === (params.get(LOAD_KIND_PARAM) ?? ''));
  const chosen = current ?? LOAD_KINDS[0]!;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-2">
        <Link
          to="/campus"
          className="self-start text-sm font-medium text-main-ink underline underline-offset-2"
        >
          ‹ {T.back}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{T.title}</h1>
        <p className="max-w-3xl text-base text-slate-700">{T.intro}</p>
      </div>
      <nav aria-label={T.kindsNav}>
        <ul className="flex [scrollbar-width:thin] gap-x-1 overflow-x-auto overscroll-x-contain shadow-[inset_0_-1px_0_var(--color-slate-300)]">
          {LOAD_KINDS.map((kind) => {
            const isCurrent = kind === chosen;
            return (
              <li key={kind.kind} className="shrink-0">
                <Link
                  to={kind.param ? `?${LOAD_KIND_PARAM}=${kind.param}` : '?'}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    'block rounded-t-lg border-b-3 px-2.5 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:-outline-offset-3 sm:px-4',
                    isCurrent
                      ? 'border-main text-slate-950'
                      : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-950',
                  )}
                >
                  {kind.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A tab of its own state: changing what is loaded starts again. */}
      <CatalogueLoad key={chosen.kind} kind={chosen.kind} />
    </div>
  );
}

/** The expected columns, the required ones marked, how names are found, and the templates. */
function FileColumns({ kind }: { kind: CatalogueImportKind }) {
  const about = LOAD_KINDS.find((k) => k.kind === kind)!;
  return (
    <>
      <p className="text-sm text-slate-700">{about.intro}</p>
      <p className="text-sm text-slate-700">{T.columnsIntro}</p>
      <ul className="flex flex-col gap-1 text-sm text-slate-800">
        {CATALOGUE_IMPORT_COLUMN_LISTS[kind].map((column) => (
          <li key={column.key} className="break-words">
            <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-900">
              {column.header}
            </code>
            {column.required ? <strong className="font-semibold">{T.required}</strong> : null}:{' '}
            {column.description}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">{T.matching}</p>
      <p className="text-sm text-slate-700">{T.templates}</p>
      <div className="flex flex-wrap gap-2">
        <a
          href={catalogueTemplateHref(kind, 'csv')}
          download
          className={buttonClasses('secondary')}
        >
          {T.templateCsv}
        </a>
        <a
          href={catalogueTemplateHref(kind, 'xlsx')}
          download
          className={buttonClasses('secondary')}
        >
          {T.templateXlsx}
        </a>
      </div>
    </>
  );
}

/** A review together with the file it reviewed: choosing another file makes it old. */
interface Reviewed {
  answer: CatalogueLoadAnswer;
  file: File;
}

function CatalogueLoad({ kind }: { kind: CatalogueImportKind }) {
  const ids = useId();
  const preview = usePreviewCatalogueLoad();
  const load = useLoadCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [result, setResult] = useState<Reviewed | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  // The review's heading takes the focus when a review arrives (its summary is read from there).
  useEffect(() => {
    if (reviewed) reviewRef.current?.focus();
  }, [reviewed]);
  // The result's, once the confirmation has closed and given the focus back (in a task of its own).
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => resultRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [result]);

  function forget() {
    setReviewed(null);
    preview.reset();
    load.reset();
  }

  function review() {
    if (!file) return;
    load.reset();
    const asked = file;
    // Only the latest request's answer lands (TanStack calls back the last `mutate` only).
    preview.mutate(
      { kind, file: asked },
      {
        onSuccess: (answer) => setReviewed({ answer, file: asked }),
        onError: () => setReviewed(null),
      },
    );
  }

  function write() {
    if (!reviewed) return;
    const { file: sent } = reviewed;
    load.mutate(
      { kind, file: sent },
      {
        onSuccess: (answer) => {
          setIsConfirming(false);
          setResult({ answer, file: sent });
        },
        onError: () => setIsConfirming(false),
      },
    );
  }

  function another() {
    setResult(null);
    setFile(null);
    setFileProblem(null);
    forget();
  }

  if (result) {
    return (
      <div className="flex flex-col gap-5">
        <CatalogueLoadResult
          kind={kind}
          answer={result.answer}
          fileName={result.file.name}
          headingRef={resultRef}
        />
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/campus">{T.seeCatalogue}</ButtonLink>
          <Button variant="secondary" onClick={another}>
            {T.another}
          </Button>
        </div>
      </div>
    );
  }

  const counts = reviewed?.answer.counts;
  const loadable = counts ? counts.create + counts.update : 0;
  const busy = preview.isPending || load.isPending;

  return (
    <ol className="flex flex-col gap-6">
      <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 className="text-base font-bold text-slate-900">{T.stepPrepare}</h2>
        <FileColumns kind={kind} />
      </li>

      <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 className="text-base font-bold text-slate-900">{T.stepChoose}</h2>
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
        <div className="flex flex-col gap-2">
          <div>
            <Button
              disabled={!file || load.isPending}
              isPending={preview.isPending}
              onClick={review}
            >
              {T.review}
            </Button>
          </div>
          {preview.isPending ? (
            <p role="status" className="text-sm text-slate-700">
              {T.reviewing}
            </p>
          ) : null}
          {preview.isError ? (
            <Alert tone="error">{T.reviewFailed(preview.error.message)}</Alert>
          ) : null}
        </div>
      </li>

      {reviewed && counts ? (
        <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <CatalogueLoadReview
            answer={reviewed.answer}
            fileName={reviewed.file.name}
            headingId={`${ids}-review`}
            headingRef={reviewRef}
          />
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            {loadable === 0 ? (
              <p className="text-sm font-medium text-slate-800">{T.nothingToLoad}</p>
            ) : (
              <>
                <p className="text-sm text-slate-700">
                  {counts.invalid > 0 ? T.partlyReady(counts.invalid) : T.ready}
                </p>
                <div>
                  <Button isPending={load.isPending} onClick={() => setIsConfirming(true)}>
                    {T.load(loadable)}
                  </Button>
                </div>
              </>
            )}
            {load.isPending ? (
              <p role="status" className="text-sm text-slate-700">
                {T.loading}
              </p>
            ) : null}
            {load.isError ? <Alert tone="error">{T.loadFailed(load.error.message)}</Alert> : null}
          </div>
          <ConfirmDialog
            isOpen={isConfirming}
            title={T.confirmTitle(loadable)}
            description={confirmText(
              entriesOf(reviewed.answer),
              counts,
              warnedRows(reviewed.answer).length,
            )}
            confirmLabel={T.load(loadable)}
            isPending={load.isPending}
            onConfirm={write}
            onClose={() => setIsConfirming(false)}
          />
        </li>
      ) : null}
    </ol>
  );
}
