import { useRef } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
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
 * no confirmation; it is confirmed with a toast (ADR 0035) and, since the button leaves with its
 * project, the focus goes to the list.
 */
export function SavedProjectsSection({ studentId, canBrowseProjects }: SavedProjectsSectionProps) {
  const saved = useSavedProjects(studentId);
  const unsave = useToggleFavorite();
  const sectionRef = useRef<HTMLDivElement>(null);

  if (saved.isPending) return <LoadingStatus />;
  if (saved.isError) return <SectionError onRetry={() => void saved.refetch()} />;
  if (saved.data.length === 0) {
    return (
      <div ref={sectionRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
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
    <div ref={sectionRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
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
                        showToast(`Has quitado «${project.title}» de tus proyectos guardados.`);
                        // The button is gone with its item: keep the focus in the section.
                        sectionRef.current?.focus();
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
