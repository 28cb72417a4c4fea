import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useDeleteProject } from '../../../entities/project/api/delete-project';
import { useMyProjects } from '../../../entities/project/api/get-my-projects';
import { useUpdateProjectStatus } from '../../../entities/project/api/update-project-status';
import type { MyProject } from '../../../entities/project/types';
import {
  canEditProject,
  getProjectActions,
  hasCandidatesPage,
  type ProjectAction,
} from '../utils/project-actions';
import { ApiErrorAlert } from './api-error-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { StatusBadge } from './status-badge';

/** What the list says after an action went well. */
const DONE: Record<ProjectAction['key'], string> = {
  submit: 'Proyecto enviado a revisión.',
  resubmit: 'Proyecto reenviado a revisión.',
  withdraw: 'Proyecto retirado: vuelve a estar en borrador.',
  finish: 'Proyecto marcado como terminado.',
  delete: 'Proyecto borrado.',
};

interface Pending {
  project: MyProject;
  action: ProjectAction;
}

const counts = (project: MyProject) => ({
  total: project.attributes.candidates?.total ?? 0,
  pending: project.attributes.candidates?.pending ?? 0,
});

interface MyProjectsListProps {
  /** Where "Publicar un proyecto" leads; hidden when the caller may not publish. */
  createHref?: string;
}

/**
 * The publisher's projects (`GET /api/projects/mine`): status, candidates (total and waiting)
 * and what can be done in each status, every change confirmed first (ADR 0028). A table from
 * 768 px, one card per project below.
 */
export function MyProjectsList({ createHref }: MyProjectsListProps) {
  const [page, setPage] = useState(1);
  const projects = useMyProjects(page);
  const changeStatus = useUpdateProjectStatus();
  const remove = useDeleteProject();
  const [pending, setPending] = useState<Pending | null>(null);
  const isWorking = changeStatus.isPending || remove.isPending;
  const error = changeStatus.error ?? remove.error;

  const ask = (project: MyProject, action: ProjectAction) => {
    changeStatus.reset();
    remove.reset();
    setPending({ project, action });
  };

  const confirm = () => {
    if (!pending || isWorking) return;
    const { project, action } = pending;
    const finish = {
      onSuccess: () => showToast(DONE[action.key]),
      onSettled: () => setPending(null),
    };
    if (action.target)
      changeStatus.mutate({ projectId: project.id, status: action.target }, finish);
    else remove.mutate(project.id, finish);
  };

  if (projects.isPending) return <LoadingStatus />;
  if (projects.isError) {
    return (
      <ApiErrorAlert
        error={projects.error}
        fallback="No se han podido cargar tus proyectos. Inténtalo de nuevo en unos minutos."
      />
    );
  }
  const list = projects.data.data;
  const { pageCount, total } = projects.data.meta.pagination;

  return (
    <div className="flex flex-col gap-4">
      <ApiErrorAlert
        error={error}
        fallback="No se ha podido hacer el cambio. Inténtalo de nuevo en unos minutos."
      />
      {list.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-slate-300 p-6">
          <p className="text-base text-slate-700">Todavía no has publicado ningún proyecto.</p>
          {createHref ? <ButtonLink to={createHref}>Publicar un proyecto</ButtonLink> : null}
        </div>
      ) : (
        <>
          <div className="relative hidden overflow-x-auto md:block">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Tus proyectos, su estado y sus candidaturas</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Proyecto
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Estado
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Candidaturas
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Por revisar
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Acciones
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((project) => (
                  <tr key={project.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                      {project.attributes.title}
                      <RejectionReason project={project} />
                    </th>
                    <td className="py-3 pr-4">
                      <StatusBadge status={project.attributes.status} />
                    </td>
                    <td className="py-3 pr-4 text-right tabular-nums">{counts(project).total}</td>
                    <td className="py-3 pr-4 text-right tabular-nums">{counts(project).pending}</td>
                    <td className="py-3">
                      <ProjectActions project={project} onAsk={ask} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-4 md:hidden" aria-label="Tus proyectos">
            {list.map((project) => (
              <li key={project.id} className="rounded-2xl border border-slate-200 p-4 shadow-sm">
                <article
                  aria-labelledby={`project-${project.id}-title`}
                  className="flex flex-col gap-3"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2
                      id={`project-${project.id}-title`}
                      className="text-base font-semibold break-words text-slate-900"
                    >
                      {project.attributes.title}
                    </h2>
                    <StatusBadge status={project.attributes.status} />
                  </div>
                  <RejectionReason project={project} />
                  <dl className="flex gap-6 text-sm text-slate-700">
                    <div>
                      <dt>Candidaturas</dt>
                      <dd className="font-semibold text-slate-900">{counts(project).total}</dd>
                    </div>
                    <div>
                      <dt>Por revisar</dt>
                      <dd className="font-semibold text-slate-900">{counts(project).pending}</dd>
                    </div>
                  </dl>
                  <ProjectActions project={project} onAsk={ask} />
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Páginas de tus proyectos" className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => setPage((current) => Math.max(current - 1, 1))}
          >
            Anterior
          </Button>
          <span className="text-sm text-slate-700">
            Página {page} de {pageCount} ({total} proyectos)
          </span>
          <Button
            variant="secondary"
            disabled={page >= pageCount}
            onClick={() => setPage((current) => Math.min(current + 1, pageCount))}
          >
            Siguiente
          </Button>
        </nav>
      ) : null}
      {pending ? (
        <ConfirmDialog
          isOpen
          title={pending.action.confirmTitle}
          description={
            <>
              <span className="block font-semibold">{pending.project.attributes.title}</span>
              <span className="mt-2 block">{pending.action.confirmText}</span>
            </>
          }
          confirmLabel={pending.action.confirmLabel}
          isDanger={pending.action.isDanger}
          isPending={isWorking}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

function RejectionReason({ project }: { project: MyProject }) {
  const { status, rejection_reason: reason } = project.attributes;
  if (status !== 'Rechazada') return null;
  return (
    <p className="mt-1 text-sm font-normal text-red-800">
      Motivo del rechazo: {reason?.trim() || 'no se indicó ningún motivo.'}
    </p>
  );
}

const LINK = 'font-semibold text-main underline underline-offset-2 hover:no-underline';

/** The links and buttons of one project; names carry the title for screen-reader users. */
function ProjectActions({
  project,
  onAsk,
}: {
  project: MyProject;
  onAsk: (project: MyProject, action: ProjectAction) => void;
}) {
  const { id, attributes } = project;
  const { status, title } = attributes;
  const total = counts(project).total;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Link to={`/projects/${id}`} className={LINK} aria-label={`Ver «${title}»`}>
        Ver
      </Link>
      {canEditProject(status) ? (
        <Link to={`/projects/${id}/editar`} className={LINK} aria-label={`Editar «${title}»`}>
          Editar
        </Link>
      ) : null}
      {hasCandidatesPage(status, total) ? (
        <Link
          to={`/projects/${id}/candidaturas`}
          className={LINK}
          aria-label={`Candidaturas de «${title}»`}
        >
          Candidaturas
        </Link>
      ) : null}
      {getProjectActions(status, total).map((action) => (
        <Button
          key={action.key}
          variant={action.isDanger ? 'danger' : 'secondary'}
          className="px-3 py-1.5"
          aria-label={`${action.label}: «${title}»`}
          onClick={() => onAsk(project, action)}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
