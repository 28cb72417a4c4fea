import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { HighlightedText } from '../../../components/ui/highlighted-text';
import { OdsTiles } from '../../../components/ui/ods-tiles';
import type { TfxListEntry } from '../../../entities/tfx/types';
import { workPath } from '../../../entities/tfx/utils/paths';
import { readSnippets } from '../utils/snippets';
import { SaveWorkToggle } from './save-work-toggle';
import { AwardedBadge, ExternalLink, TagList } from './work-badges';

/** One "label: value" line of a card. */
function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <div>
      <dt className="inline font-semibold text-slate-900">{label}: </dt>
      <dd className="inline">{value}</dd>
    </div>
  );
}

/** The history state of a work's page opened from a search: the way back to it. */
export interface WorkPageState {
  librarySearch?: string;
  /** The list it was opened from ("/tfx" or "/tfx/external"). */
  libraryPath?: string;
}

interface WorkCardProps {
  work: TfxListEntry;
  /** The heading level of the title, so the page's outline stays in order. */
  headingLevel?: 2 | 3;
  /** Students get the save toggle. */
  studentId: number | null;
  isSaved: boolean;
}

/**
 * One final work in a list: its title (the link to its page, the words found highlighted), who
 * and where (the degree and university; an external work's author), the year, the summary, where
 * the words of the search were found, topics, ODS, "Premiado", and for students the save button.
 * An external work without a PDF here offers "Ver trabajo" at its own site, in a new tab.
 */
export function WorkCard({ work, headingLevel = 3, studentId, isSaved }: WorkCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { pathname, search } = useLocation();
  const a = work.attributes;
  const { titleParts, lines } = readSnippets(a.title, a.snippets);
  const state: WorkPageState = { librarySearch: search, libraryPath: pathname };
  const readsElsewhere = a.external && !a.hasFile && a.file_URL;
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {a.awarded ? (
        <div className="flex flex-wrap gap-1.5">
          <AwardedBadge />
        </div>
      ) : null}
      <Heading className="text-lg leading-snug font-semibold text-balance text-slate-900">
        <Link
          to={workPath(work.id)}
          state={state}
          className="text-main-ink underline-offset-2 hover:underline [&_mark]:bg-amber-200 [&_mark]:text-inherit"
        >
          {titleParts ? <HighlightedText parts={titleParts} /> : a.title}
        </Link>
      </Heading>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        {a.external ? <Fact label="Autoría" value={a.author_name} /> : null}
        <Fact label="Titulación" value={a.degree_name} />
        <Fact label="Universidad" value={a.institution} />
        <Fact label="Año" value={a.year} />
      </dl>
      {a.summary ? <p className="line-clamp-3 text-sm text-slate-700">{a.summary}</p> : null}
      {lines.length > 0 ? (
        <div className="flex flex-col gap-1.5 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Dónde aparecen tus palabras
          </p>
          <ul className="flex flex-col gap-1.5 [&_mark]:rounded-sm [&_mark]:bg-amber-200 [&_mark]:px-0.5 [&_mark]:text-inherit">
            {lines.map((line) => (
              <li key={line.where}>
                <span className="font-semibold">{line.label}: </span>
                {/* A passage of the PDF is cut out of its text: the dots say so. */}
                <span>
                  {line.where === 'document' ? '…' : null}
                  <HighlightedText parts={line.parts} />
                  {line.where === 'document' ? '…' : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TagList tags={a.tags} />
      <OdsTiles ods={a.ods} size="sm" />
      {studentId !== null || readsElsewhere ? (
        <div className="mt-auto flex flex-wrap items-start gap-2 pt-1">
          {readsElsewhere ? (
            <ExternalLink
              href={a.file_URL ?? ''}
              className={buttonClasses('secondary', 'px-3 py-1.5 text-sm')}
            >
              Ver trabajo
            </ExternalLink>
          ) : null}
          {studentId !== null ? (
            <SaveWorkToggle
              studentId={studentId}
              workId={work.id}
              workTitle={a.title}
              isSaved={isSaved}
            />
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
