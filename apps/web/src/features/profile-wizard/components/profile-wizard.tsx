import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { DynamicForm } from '../../../forms/dynamic-form';
import type { FormValues } from '../../../forms/types';
import { useProfileValues } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';
import type { CatalogueFetchers, WizardRole } from '../types';
import { buildStudentItems, buildTeacherItems } from '../utils/wizard-items';

/** Spec §2 Modals: the texts quoted there are the spec's; the rest are ours (ADR 0022). */
export const WIZARD_TITLE = 'Completa tu perfil';
export const WIZARD_DESCRIPTION = 'Solo te llevará 2 minutos.';
export const LEAVE_TITLE = 'Seguro que quieres dejar tu perfil a medias?';
export const LEAVE_STUDENT_TEXT =
  'Si lo dejas ahora, no podremos ayudarte a encontrar tu proyecto ideal.';
export const CONTINUE_LABEL = 'Continuar con el registro';
export const THANKS_TITLE = '¡Gracias por completar tu registro!';
export const THANKS_ACTION = 'Ver proyectos';

type Stage = 'form' | 'leaving' | 'thanks';

interface ProfileWizardProps {
  role: WizardRole;
  /** The student or teacher record. */
  profileId: number;
  /** Spec §5 Phone: asked only when the user has none. */
  askPhone: boolean;
  fetchers: CatalogueFetchers;
  /** Where "Ver proyectos" goes (spec §2 Thanks). */
  thanksTarget: string;
  /** The wizard ended: left on the second close, or the thanks modal was closed. */
  onClose: () => void;
}

/**
 * The profile-completion wizard (spec §2 Modals, §4 Profile wizard): the role's items in steps in a
 * modal. Closing it early asks to confirm (the form is kept, hidden, so "Continuar con el registro"
 * comes back to the same step and answers); the second close ends it. Finalizar saves, closes it
 * and shows the thanks.
 */
export function ProfileWizard({
  role,
  profileId,
  askPhone,
  fetchers,
  thanksTarget,
  onClose,
}: ProfileWizardProps) {
  const [stage, setStage] = useState<Stage>('form');
  const saved = useProfileValues(role, profileId);
  const save = useSaveProfile(role, profileId);
  const continueRef = useRef<HTMLButtonElement>(null);
  const thanksRef = useRef<HTMLAnchorElement>(null);
  const items = useMemo(
    () =>
      role === 'student'
        ? buildStudentItems({ fetchers, askPhone })
        : buildTeacherItems({ fetchers }),
    [role, fetchers, askPhone],
  );

  const submit = (values: FormValues) => {
    // A second Finalizar while saving would write twice.
    if (save.isPending) return;
    save.mutate(values, { onSuccess: () => setStage('thanks') });
  };
  const isLeaving = stage === 'leaving';

  return (
    <>
      <Modal
        isOpen={stage !== 'thanks'}
        onClose={isLeaving ? onClose : () => setStage('leaving')}
        title={isLeaving ? LEAVE_TITLE : WIZARD_TITLE}
        description={
          isLeaving ? (role === 'student' ? LEAVE_STUDENT_TEXT : undefined) : WIZARD_DESCRIPTION
        }
        initialFocus={isLeaving ? continueRef : undefined}
        size="lg"
      >
        {isLeaving ? (
          <div className="flex justify-end">
            <button
              ref={continueRef}
              type="button"
              onClick={() => setStage('form')}
              className={buttonClasses('primary')}
            >
              {CONTINUE_LABEL}
            </button>
          </div>
        ) : null}
        <div hidden={isLeaving}>
          {saved.isPending ? (
            <LoadingStatus />
          ) : saved.isError ? (
            <Alert tone="error">
              No se ha podido cargar tu perfil. Inténtalo de nuevo en unos minutos.
            </Alert>
          ) : (
            <div className="flex flex-col gap-4">
              {save.isError ? (
                <Alert tone="error">
                  No se ha podido guardar tu perfil. Revisa tus respuestas e inténtalo de nuevo.
                </Alert>
              ) : null}
              <DynamicForm
                items={items}
                initialValues={saved.data}
                onSubmit={submit}
                progressLabel="Progreso de tu perfil"
              />
            </div>
          )}
        </div>
      </Modal>
      <Modal
        isOpen={stage === 'thanks'}
        onClose={onClose}
        title={THANKS_TITLE}
        description="Ya tenemos todo lo que necesitamos para recomendarte lo que mejor encaja contigo."
        initialFocus={thanksRef}
      >
        <div className="flex justify-end">
          <Link ref={thanksRef} to={thanksTarget} className={buttonClasses('primary')}>
            {THANKS_ACTION}
          </Link>
        </div>
      </Modal>
    </>
  );
}
