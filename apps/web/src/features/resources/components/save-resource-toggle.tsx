import { useState } from 'react';
import { SaveToggleButton } from '../../../components/ui/save-toggle';
import { showToast } from '../../../components/ui/toast';
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
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? isSaved;

  return (
    <SaveToggleButton
      isSaved={saved}
      itemTitle={resourceTitle}
      removeHint="Púlsalo para quitarlo de tus recursos guardados."
      isPending={toggle.isPending}
      hasFailed={toggle.isError}
      className={className}
      onToggle={() => {
        const save = !saved;
        setPending(save);
        toggle.mutate(
          { studentId, resourceId, save },
          {
            onSuccess: () =>
              showToast(
                save
                  ? `Has guardado «${resourceTitle}». Lo tienes en tu perfil, en «${SAVED_RESOURCES_TITLE}».`
                  : `Has quitado «${resourceTitle}» de tus recursos guardados.`,
              ),
            onSettled: () => setPending(null),
          },
        );
      }}
    />
  );
}
