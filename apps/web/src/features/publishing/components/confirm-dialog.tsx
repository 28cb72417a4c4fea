import { useRef, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that changes what students see or cannot be undone. "Cancelar" takes
 * the focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  isDanger = false,
  isPending = false,
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onClose}
          className={buttonClasses('secondary')}
        >
          Cancelar
        </button>
        <Button variant={isDanger ? 'danger' : 'primary'} isPending={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
