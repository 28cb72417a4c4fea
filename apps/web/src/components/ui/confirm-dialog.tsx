import { useRef, type ReactNode } from 'react';
import { Button, buttonClasses } from './button';
import { Modal } from './dialog';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; "Cancelar" unless the action is itself a cancel. */
  dismissLabel?: string;
  isDanger?: boolean;
  isPending?: boolean;
  /** Above the buttons: what the action is doing (SubmissionStatus, ADR 0070). */
  status?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that changes what students see or cannot be undone. The dismiss button
 * takes the focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  dismissLabel = 'Cancelar',
  isDanger = false,
  isPending = false,
  status,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      description={description}
      initialFocus={cancelRef}
    >
      {status}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onClose}
          className={buttonClasses('secondary')}
        >
          {dismissLabel}
        </button>
        <Button variant={isDanger ? 'danger' : 'primary'} isPending={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
