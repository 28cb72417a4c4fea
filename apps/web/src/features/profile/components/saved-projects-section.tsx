import { useRef, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSavedProjects } from '../../../entities/student-favorites/api/get-favorites';
import { useToggleFavorite } from '../../../entities/student-favorites/api/toggle-favorite';
import { ProjectItem } from './project-item';
import { EmptyState, SectionError } from './section-states';

interface SavedProjectsSectionProps {
  studentId: number;
  canBrowseProjects: boolean;
}

/**
 * "Proyectos guardados": the projects the student saved (spec §3 Student.favorites), each with
 * "Quitar de guardados". Unsaving is undone by saving again from the catalogue, so it asks for
 * no confirmation; the result is announced and the focus goes to the list's status line.
 */
export function SavedProjectsSection({ studentId, canBrowseProjects }: SavedProjectsSectionProps) {
  const saved = useSavedProjects(studentId);
  const unsave = useToggleFavorite();
  const [notice, setNotice] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (saved.isPending) return <LoadingStatus />;
  if (saved.isError) return <SectionError onRetry={() => void saved.refetch()} />;
  const status = (
    <p
      ref={statusRef}
      tabIndex={-1}
      role="status"
      className={notice ? 'text-sm font-medium text-green-900' : 'sr-only'}
    >
      {notice ?? ''}
    </p>
  );
  if (saved.data.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        {status}
        <EmptyState
          action={canBrowseProjects ? <ButtonLink to="/projects">Ver proyectos</ButtonLink> : null}
        >
          Todavía no has guardado ningún proyecto. Guarda los que te llamen la atención y los
          tendrás siempre a mano aquí.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {status}
      {unsave.isError ? (
        <Alert tone="error">
          No se ha podido quitar el proyecto de tus guardados. Inténtalo de nuevo en unos minutos.
        </Alert>
      ) : null}
      <ul className="flex flex-col gap-3">
        {saved.data.map((project) => (
          <ProjectItem key={project.id} project={project}>
            <div className="flex flex-wrap gap-3">
              {canBrowseProjects ? (
                <ButtonLink
                  to={`/projects/${project.id}`}
                  variant="secondary"
                  aria-label={`Ver proyecto: ${project.title}`}
                >
                  Ver proyecto
                </ButtonLink>
              ) : null}
              <Button
                variant="secondary"
                isPending={unsave.isPending && unsave.variables.projectId === project.id}
                aria-label={`Quitar de guardados: ${project.title}`}
                onClick={() =>
                  unsave.mutate(
                    { studentId, projectId: project.id, save: false },
                    {
                      onSuccess: () => {
                        setNotice(`Has quitado «${project.title}» de tus proyectos guardados.`);
                        // The button is gone with its item: keep the focus in the section.
                        statusRef.current?.focus();
                      },
                    },
                  )
                }
              >
                Quitar de guardados
              </Button>
            </div>
          </ProjectItem>
        ))}
      </ul>
    </div>
  );
}
