import type { ReactNode } from 'react';
import type { ProjectSummary } from '../../../entities/project/types';

/**
 * One project in a profile list: its title as a heading, who publishes it and where, plus
 * whatever the list adds (a status, a date, a message).
 */
export function ProjectItem({
  project,
  badge,
  children,
}: {
  project: ProjectSummary | null;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  const facts = [project?.organizationName, project?.locality, project?.type].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 className="min-w-0 flex-1 text-base font-semibold text-balance text-slate-900">
          {project?.title ?? 'Proyecto no disponible'}
        </h3>
        {badge}
      </div>
      {facts.length > 0 ? <p className="text-sm text-slate-700">{facts.join(' · ')}</p> : null}
      {children}
    </li>
  );
}
