import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/form';

/** How long a reason may be (the author reads it in an email and in their communications). */
export const REASON_MAX_LENGTH = 2000;
/** The error of an empty reason, as the project workflow's rejection says it. */
export const REASON_REQUIRED = 'Indica el motivo del rechazo';

interface RejectDialogProps {
  /** The work being rejected; null closes the dialog. */
  workTitle: string | null;
  isPending: boolean;
  /** The API's refusal, when there was one. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * "Rechazar": a dialog that asks the reason, which is required, since the author receives it to
 * correct the work and send it again (ADR 0036). The reason field takes the focus when it opens.
 */
export function RejectDialog({
  workTitle,
  isPending,
  error,
  onConfirm,
  onClose,
}: RejectDialogProps) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  function close() {
    setReason('');
    setReasonError(undefined);
    onClose();
  }

  return (
    <Modal
      isOpen={workTitle !== null}
      onClose={close}
      title={`Rechazar «${workTitle ?? ''}»`}
      description="Su autor o autora recibirá el motivo por correo y en sus comunicaciones, y podrá corregir el trabajo y enviarlo de nuevo."
      initialFocus={reasonRef}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setReasonError(REASON_REQUIRED);
            reasonRef.current?.focus();
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-semibold text-slate-900">
            Motivo del rechazo
          </label>
          <textarea
            id={id}
            ref={reasonRef}
            rows={5}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setReasonError(undefined);
            }}
            aria-required="true"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-error` : undefined}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
          />
          {reasonError ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
              {reasonError}
            </p>
          ) : null}
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" isPending={isPending}>
            Rechazar trabajo
          </Button>
        </div>
      </form>
    </Modal>
  );
}
