import type { PeopleImportKind } from '@plataforma/shared';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';
import type { PeopleKind } from '../types';
import { ImportPeople } from './import-people';
import { PeopleList } from './people-list';
import { PendingTeachers } from './pending-teachers';

/** The URL parameter of a page's tab; absent for the first one. */
export const VIEW_PARAM = 'vista';
/** The tab of the load from a file (POST /api/imports/<kind>, ADR 0048). */
export const IMPORT_VIEW = 'cargar';

export interface PeopleView {
  /** The tab's `vista`; '' for the first. */
  view: string;
  label: string;
  /** A list, the load from a file, or the teachers waiting for verification (ADR 0051). */
  kind: PeopleKind | 'import' | 'pending-teachers';
}

/**
 * A people page of the admin menu (spec §2 `/students/load`, `/teachers/load`,
 * `/organizations/load`; ADR 0050): its lists and, in a tab of its own, the load from a file.
 * The tabs are links with the view in the URL, so each can be bookmarked and Back returns to it.
 */
export function PeopleScreen({
  title,
  intro,
  views,
  importKind,
}: {
  title: string;
  intro: string;
  views: readonly PeopleView[];
  /** What the load from a file loads. */
  importKind: PeopleImportKind;
}) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get(VIEW_PARAM) ?? '';
  const current = views.find((view) => view.view === requested) ?? views[0]!;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-base text-slate-700">{intro}</p>
      </header>
      <nav aria-label={`Secciones de ${title}`}>
        <ul className="flex [scrollbar-width:thin] gap-x-1 overflow-x-auto overscroll-x-contain shadow-[inset_0_-1px_0_var(--color-slate-300)]">
          {views.map((view) => {
            const isCurrent = view === current;
            return (
              <li key={view.view} className="shrink-0">
                <Link
                  to={view.view ? `?${VIEW_PARAM}=${view.view}` : '?'}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    'block rounded-t-lg border-b-3 px-2.5 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:-outline-offset-3 sm:px-4',
                    isCurrent
                      ? 'border-main text-slate-950'
                      : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-950',
                  )}
                >
                  {view.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {current.kind === 'import' ? (
        <ImportPeople kind={importKind} keep={{ [VIEW_PARAM]: current.view }} />
      ) : current.kind === 'pending-teachers' ? (
        <PendingTeachers keep={{ [VIEW_PARAM]: current.view }} />
      ) : (
        <PeopleList
          key={current.kind}
          kind={current.kind}
          keep={current.view ? { [VIEW_PARAM]: current.view } : {}}
        />
      )}
    </div>
  );
}
