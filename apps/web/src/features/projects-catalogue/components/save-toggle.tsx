import { OptimisticSaveToggle } from '../../../components/ui/optimistic-save-toggle';
import { useToggleFavorite } from '../../../entities/student-favorites/api/toggle-favorite';

interface SaveToggleProps {
  studentId: number;
  projectId: number;
  projectTitle: string;
  isSaved: boolean;
  className?: string;
}

/**
 * Saves the project to the student's favourites or removes it (ADR 0035): the shared save
 * button, the card's one sign of being saved. The change shows at once and is confirmed with a
 * toast.
 */
export function SaveToggle({
  studentId,
  projectId,
  projectTitle,
  isSaved,
  className,
}: SaveToggleProps) {
  const toggle = useToggleFavorite();
  return (
    <OptimisticSaveToggle
      isSaved={isSaved}
      itemTitle={projectTitle}
      removeHint="Púlsalo para quitarlo de tus proyectos guardados."
      mutation={toggle}
      variables={(save) => ({ studentId, projectId, save })}
      savedToast={`Has guardado «${projectTitle}». Lo tienes en tu perfil, en «Proyectos guardados».`}
      removedToast={`Has quitado «${projectTitle}» de tus proyectos guardados.`}
      className={className}
    />
  );
}
