import { MessagePopup } from '../../../components/ui/message-popup';
import type { StudentNotification } from '../../../entities/notification/types';

interface NotificationMessageModalProps {
  notification: StudentNotification | null;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Spec §2 "Notification popup: shows the HTML message of the opened notification". The popup
 * itself is components/ui/message-popup, which the staff's preview of a communication shows too
 * (ADR 0046).
 */
export function NotificationMessageModal({
  notification,
  isOpen,
  onClose,
}: NotificationMessageModalProps) {
  if (!notification) return null;
  return (
    <MessagePopup
      isOpen={isOpen}
      onClose={onClose}
      subject={notification.subject}
      message={notification.message}
      receivedAt={notification.createdAt}
    />
  );
}
