import { OptimisticSaveToggle } from '../../../components/ui/optimistic-save-toggle';
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
  return (
    <OptimisticSaveToggle
      isSaved={isSaved}
      itemTitle={workTitle}
      removeHint="Púlsalo para quitarlo de tus trabajos guardados."
      mutation={toggle}
      variables={(save) => ({ studentId, workId, save })}
      savedToast={`Has guardado «${workTitle}». Lo tienes en tu perfil, con tus trabajos guardados.`}
      removedToast={`Has quitado «${workTitle}» de tus trabajos guardados.`}
    />
  );
}
