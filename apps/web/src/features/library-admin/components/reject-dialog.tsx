import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/alert';
import { REASON_REQUIRED, ReasonField } from '../../../components/ui/reason-field';

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
        <ReasonField
          ref={reasonRef}
          value={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            if (value.trim()) setReasonError(undefined);
          }}
        />
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
