import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProjectCardData } from '../../../entities/project/types';
import { parseHighlight } from '../../../lib/highlight';
import { formatDate, placeLabel } from '../utils/project-facts';
import { Badge, ProjectStatusBadge } from './badges';
import { HighlightedText } from '../../../components/ui/highlighted-text';
import { OdsTiles } from '../../../components/ui/ods-tiles';
import { SaveToggle } from './save-toggle';

/** One "label: value" line of a card. */
function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="inline font-semibold text-slate-900">{label}: </dt>
      <dd className="inline">{value}</dd>
    </div>
  );
}

interface ProjectCardProps {
  project: ProjectCardData;
  /** The heading level of the title, so the page's outline stays in order. */
  headingLevel?: 2 | 3;
  /** Students get the save toggle. */
  studentId: number | null;
  /** Admins see every status, so cards say which one. */
  showStatus?: boolean;
  /** Extra content (the recommendation's reasons). */
  children?: ReactNode;
}

/**
 * One project of the catalogue: the title (the link to its page), who publishes it, where a text
 * search found its words in the description, type and place, the deadline, the ODS with their names, the "Inscrito" badge and, for students, the save
 * button, which is the one sign of a saved project (ADR 0035).
 */
export function ProjectCard({
  project,
  headingLevel = 3,
  studentId,
  showStatus = false,
  children,
}: ProjectCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The project page offers a way back to this very search (ADR 0027).
  const { search } = useLocation();
  const place = placeLabel(project.locality, project.location);
  const publisher = project.organizationName ?? project.teacherName;
  const deadline = formatDate(project.applicationDeadline);
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {showStatus || project.applied ? (
        <div className="flex flex-wrap gap-1.5">
          {showStatus ? <ProjectStatusBadge status={project.status} /> : null}
          {project.applied ? <Badge tone="applied">Inscrito</Badge> : null}
        </div>
      ) : null}
      <Heading className="text-lg leading-snug font-semibold text-balance text-slate-900">
        <Link
          to={`/projects/${project.id}`}
          state={{ catalogueSearch: search }}
          className="text-main-ink underline-offset-2 hover:underline"
        >
          {project.title}
        </Link>
      </Heading>
      {publisher ? <p className="text-sm font-medium text-slate-800">{publisher}</p> : null}
      {project.snippet ? (
        // Where the search found its words in the description (ADR 0038): escaped text and
        // `<mark>`, rendered as text (lib/highlight.ts).
        <p className="text-sm text-slate-700 [&_mark]:rounded-sm [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:font-semibold [&_mark]:text-slate-900">
          <HighlightedText parts={parseHighlight(project.snippet)} />
        </p>
      ) : null}
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        <Fact label="Tipo" value={project.type} />
        <Fact label="Lugar" value={place} />
        <Fact label="Inscripción hasta" value={deadline} />
      </dl>
      <OdsTiles ods={project.ods} size="sm" />
      {children}
      {studentId !== null ? (
        <div className="mt-auto pt-1">
          <SaveToggle
            studentId={studentId}
            projectId={project.id}
            projectTitle={project.title}
            isSaved={project.saved}
          />
        </div>
      ) : null}
    </article>
  );
}
