import { useState } from 'react';
import { SaveToggleButton } from '../../../components/ui/save-toggle';
import { showToast } from '../../../components/ui/toast';
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
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? isSaved;

  return (
    <SaveToggleButton
      isSaved={saved}
      itemTitle={projectTitle}
      removeHint="Púlsalo para quitarlo de tus proyectos guardados."
      isPending={toggle.isPending}
      hasFailed={toggle.isError}
      className={className}
      onToggle={() => {
        const save = !saved;
        setPending(save);
        toggle.mutate(
          { studentId, projectId, save },
          {
            onSuccess: () =>
              showToast(
                save
                  ? `Has guardado «${projectTitle}». Lo tienes en tu perfil, en «Proyectos guardados».`
                  : `Has quitado «${projectTitle}» de tus proyectos guardados.`,
              ),
            onSettled: () => setPending(null),
          },
        );
      }}
    />
  );
}
