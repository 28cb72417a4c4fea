import { OptimisticSaveToggle } from '../../../components/ui/optimistic-save-toggle';
import { useToggleFavoriteResource } from '../../../entities/student-favorites/api/toggle-favorite-resource';

/** Where a student finds what they saved: the list's heading in the profile. */
export const SAVED_RESOURCES_TITLE = 'Recursos guardados';

interface SaveResourceToggleProps {
  studentId: number;
  resourceId: number;
  resourceTitle: string;
  isSaved: boolean;
  className?: string;
}

/**
 * Saves the resource to the student's favourites or removes it, with the one save button
 * (ADR 0035). The change shows at once and is confirmed with a toast.
 */
export function SaveResourceToggle({
  studentId,
  resourceId,
  resourceTitle,
  isSaved,
  className,
}: SaveResourceToggleProps) {
  const toggle = useToggleFavoriteResource();
  return (
    <OptimisticSaveToggle
      isSaved={isSaved}
      itemTitle={resourceTitle}
      removeHint="Púlsalo para quitarlo de tus recursos guardados."
      mutation={toggle}
      variables={(save) => ({ studentId, resourceId, save })}
      savedToast={`Has guardado «${resourceTitle}». Lo tienes en tu perfil, en «${SAVED_RESOURCES_TITLE}».`}
      removedToast={`Has quitado «${resourceTitle}» de tus recursos guardados.`}
      className={className}
    />
  );
}
