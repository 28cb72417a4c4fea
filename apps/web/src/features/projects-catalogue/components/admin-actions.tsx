import { useId, useRef, useState } from 'react';
import type { ProjectStatus } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/alert';
import { REASON_REQUIRED, ReasonField } from '../../../components/ui/reason-field';
import { showToast } from '../../../components/ui/toast';
import { useUpdateProjectStatus } from '../../../entities/project/api/update-project-status';
import { adminActionsFor, type AdminAction } from '../utils/project-facts';

/**
 * The workflow actions an admin has on a project's page (Validar, Rechazar, Publicar, Terminar,
 * Retirar, depending on its status). Validar and Publicar act at once; the ones that are hard to
 * undo (Rechazar, Terminar, Retirar) are confirmed in a dialog, and Rechazar asks for the reason
 * the publisher will receive. The result (or the API's Spanish refusal, as it is) takes the focus,
 * since the button pressed may no longer be offered.
 */
export function AdminActions({
  projectId,
  projectTitle,
  status,
}: {
  projectId: number;
  projectTitle: string;
  status: ProjectStatus;
}) {
  const headingId = useId();
  const update = useUpdateProjectStatus();
  const [action, setAction] = useState<AdminAction | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const actions = adminActionsFor(status);

  function run(chosen: AdminAction, inDialog: boolean) {
    update.mutate(
      {
        projectId,
        status: chosen.to,
        rejectionReason: chosen.needsReason ? reason.trim() : undefined,
      },
      {
        onSuccess: () => {
          showToast(chosen.done);
          setAction(null);
          // The button pressed may be gone with the old status: the focus stays in this section.
          setTimeout(() => sectionRef.current?.focus(), 0);
        },
        onError: () => {
          if (!inDialog) setTimeout(() => resultRef.current?.focus(), 0);
        },
      },
    );
  }

  function start(chosen: AdminAction) {
    update.reset();
    setReason('');
    setReasonError(undefined);
    if (chosen.isDestructive) setAction(chosen);
    else run(chosen, false);
  }

  function confirm() {
    if (!action) return;
    if (action.needsReason && !reason.trim()) {
      setReasonError(REASON_REQUIRED);
      reasonRef.current?.focus();
      return;
    }
    run(action, true);
  }

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-none sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Gestión del proyecto
      </h2>
      <p className="text-sm text-slate-700">
        Estado actual: <strong>{status}</strong>
      </p>
      <div ref={resultRef} tabIndex={-1} className="focus:outline-none">
        {update.isError && action === null ? (
          <Alert tone="error">{update.error.message}</Alert>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((item) => (
            <Button
              key={item.label}
              variant={item.isDestructive ? 'secondary' : 'primary'}
              isPending={
                update.isPending && action === null && update.variables?.status === item.to
              }
              disabled={update.isPending}
              onClick={() => start(item)}
            >
              {item.label}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-700">No hay acciones disponibles en este estado.</p>
      )}

      <Modal
        isOpen={action !== null}
        onClose={() => {
          setAction(null);
          update.reset();
        }}
        title={action ? `${action.label} «${projectTitle}»` : ''}
        description={action?.explanation}
        initialFocus={action?.needsReason ? reasonRef : undefined}
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {action?.needsReason ? (
            <ReasonField
              ref={reasonRef}
              value={reason}
              error={reasonError}
              onChange={(value) => {
                setReason(value);
                if (value.trim()) setReasonError(undefined);
              }}
            />
          ) : null}
          {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setAction(null);
                update.reset();
              }}
            >
              Cancelar
            </Button>
            <Button
              type="submit"
              variant={action?.isDestructive ? 'danger' : 'primary'}
              isPending={update.isPending}
            >
              {action?.label}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
