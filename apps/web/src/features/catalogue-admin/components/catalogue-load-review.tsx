import type { CatalogueImportEntries, CatalogueImportKind } from '@plataforma/shared';
import { useState, type Ref } from 'react';
import { ImportFigure } from '../../../components/import/import-figure';
import { ImportProblemsTable, ImportRowsTable } from '../../../components/import/import-tables';
import { Alert } from '../../../components/ui/alert';
import type { CatalogueLoadAnswer } from '../api/load-catalogue';
import {
  LOAD_TEXTS as T,
  resultFigures,
  resultSentence,
  reviewSentence,
} from '../utils/load-texts';

const NO_ENTRIES: CatalogueImportEntries = {
  universities: 0,
  campuses: 0,
  degrees: 0,
  degreesLinked: 0,
  degreesUpdated: 0,
  studyAreas: 0,
  studySubareas: 0,
};

/** What the file creates by kind of entry (the API always says it for these loads). */
export const entriesOf = (answer: CatalogueLoadAnswer) => answer.entries ?? NO_ENTRIES;

/** The rows that carry a warning: valid, but with a name close to one already there. */
export const warnedRows = (answer: CatalogueLoadAnswer) =>
  answer.rows.filter((row) => (row.warnings?.length ?? 0) > 0);

/**
 * The check of a catalogue file before anything is written (`dryRun=true`, ADR 0065): the rows,
 * those with warnings and with errors; what loading it would create, in one sentence; every
 * error and then every warning by row and column with the API's Spanish message; and, on demand,
 * the rows that would be written with what happens to each.
 */
export function CatalogueLoadReview({
  answer,
  fileName,
  headingId,
  headingRef,
}: {
  answer: CatalogueLoadAnswer;
  fileName: string;
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { counts } = answer;
  const errors = answer.rows.flatMap((row) => row.errors);
  const warnings = answer.rows.flatMap((row) => row.warnings ?? []);
  const [showRows, setShowRows] = useState(false);
  const loadable = answer.rows.filter((row) => row.action !== 'invalid');
  return (
    <div className="flex flex-col gap-4">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold break-words text-slate-900 focus:outline-none"
      >
        {T.reviewHeading(fileName)}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        <ImportFigure term={T.figureRows} value={counts.total} />
        <ImportFigure term={T.figureFine} value={counts.total - counts.invalid} />
        <ImportFigure term={T.figureWarned} value={warnedRows(answer).length} tone="warn" />
        <ImportFigure term={T.figureInvalid} value={counts.invalid} tone="bad" />
      </dl>
      <p className="text-base text-slate-800">{reviewSentence(entriesOf(answer))}</p>
      {errors.length > 0 || warnings.length > 0 ? (
        <p className="text-sm text-slate-700">{T.rowNumbers}</p>
      ) : null}

      {errors.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-base font-bold text-slate-900">{T.errorsHeading(errors.length)}</h4>
          <p className="text-sm text-slate-700">{T.errorsIntro}</p>
          <ImportProblemsTable
            issues={errors}
            caption={T.errorsCaption}
            regionLabel={T.errorsRegion}
          />
        </div>
      ) : (
        <Alert tone="success">{T.noErrors}</Alert>
      )}

      {warnings.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-base font-bold text-slate-900">
            {T.warningsHeading(warnings.length)}
          </h4>
          <p className="text-sm text-slate-700">{T.warningsIntro}</p>
          <ImportProblemsTable
            issues={warnings}
            caption={T.warningsCaption}
            regionLabel={T.warningsRegion}
            messageHeader={T.warningHeader}
          />
        </div>
      ) : null}

      {loadable.length > 0 ? (
        <details
          className="flex flex-col gap-2"
          onToggle={(event) => setShowRows(event.currentTarget.open)}
        >
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            {T.rowsSummary(loadable.length)}
          </summary>
          {showRows ? (
            <div className="mt-2">
              <ImportRowsTable
                rows={loadable}
                written={false}
                labelHeader={T.labelHeader}
                caption={T.rowsCaption}
                regionLabel={T.rowsRegion}
              />
            </div>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}

/**
 * What a load wrote (ADR 0065): it ran in the request, all of it in one transaction, so the
 * answer is the result: what was created by kind of entry, and the rows not loaded with why.
 */
export function CatalogueLoadResult({
  kind,
  answer,
  fileName,
  headingRef,
}: {
  kind: CatalogueImportKind;
  answer: CatalogueLoadAnswer;
  fileName: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const entries = entriesOf(answer);
  const failed = answer.rows.filter((row) => row.action === 'invalid');
  const problems = failed.flatMap((row) => row.errors);
  return (
    <section aria-labelledby="catalogue-load-result" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2
          id="catalogue-load-result"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 focus:outline-none"
        >
          {T.resultHeading}
        </h2>
        <p className="text-sm break-words text-slate-700">{T.resultFile(fileName)}</p>
      </div>
      <p role="status" className="text-base text-slate-800">
        {resultSentence(entries)}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {resultFigures(kind, entries).map((figure) => (
          <ImportFigure key={figure.term} term={figure.term} value={figure.value} />
        ))}
      </dl>
      {problems.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-bold text-slate-900">
            {T.notLoadedHeading(failed.length)}
          </h3>
          <ImportProblemsTable
            issues={problems}
            caption={T.notLoadedCaption}
            regionLabel={T.notLoadedRegion}
          />
        </div>
      ) : null}
    </section>
  );
}
