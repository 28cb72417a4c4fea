import { useState } from 'react';
import { SaveToggleButton } from '../../../components/ui/save-toggle';
import { showToast } from '../../../components/ui/toast';
import { useToggleSavedWork } from '../../../entities/student-favorites/api/toggle-saved-work';

interface SaveWorkToggleProps {
  studentId: number;
  workId: number;
  workTitle: string;
  isSaved: boolean;
}

/**
 * Saves a work (the platform's or an external one) to the student's saved works, or removes it
 * (spec §3 favorites_tfxes, ADR 0035): the shared save button, the change shown at once and
 * confirmed with a toast.
 */
export function SaveWorkToggle({ studentId, workId, workTitle, isSaved }: SaveWorkToggleProps) {
  const toggle = useToggleSavedWork();
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? isSaved;
  return (
    <SaveToggleButton
      isSaved={saved}
      itemTitle={workTitle}
      removeHint="Púlsalo para quitarlo de tus trabajos guardados."
      isPending={toggle.isPending}
      hasFailed={toggle.isError}
      onToggle={() => {
        const save = !saved;
        setPending(save);
        toggle.mutate(
          { studentId, workId, save },
          {
            onSuccess: () =>
              showToast(
                save
                  ? `Has guardado «${workTitle}». Lo tienes en tu perfil, con tus trabajos guardados.`
                  : `Has quitado «${workTitle}» de tus trabajos guardados.`,
              ),
            onSettled: () => setPending(null),
          },
        );
      }}
    />
  );
}
