import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSavedProjects } from '../api/get-saved-projects';
import { ProjectItem } from './project-item';
import { EmptyState, SectionError } from './section-states';

interface SavedProjectsSectionProps {
  studentId: number;
  canBrowseProjects: boolean;
}

/** "Proyectos guardados": the projects the student saved (spec §3 Student.favorites). */
export function SavedProjectsSection({ studentId, canBrowseProjects }: SavedProjectsSectionProps) {
  const saved = useSavedProjects(studentId);
  if (saved.isPending) return <LoadingStatus />;
  if (saved.isError) return <SectionError onRetry={() => void saved.refetch()} />;
  if (saved.data.length === 0) {
    return (
      <EmptyState
        action={canBrowseProjects ? <ButtonLink to="/projects">Ver proyectos</ButtonLink> : null}
      >
        Todavía no has guardado ningún proyecto. Guarda los que te llamen la atención y los tendrás
        siempre a mano aquí.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {saved.data.map((project) => (
        <ProjectItem key={project.id} project={project} />
      ))}
    </ul>
  );
}
