import { Modal } from '../../../components/ui/dialog';
import type { StudentNotification } from '../types';
import { formatLongDate } from '../utils/relative-time';
import { RICH_TEXT_CLASSES } from '../../../components/ui/rich-text';
import { sanitizeHtml } from '../../../lib/sanitize-html';

interface NotificationMessageModalProps {
  notification: StudentNotification | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Spec §2 "Notification popup: shows the HTML message of the opened notification". */
export function NotificationMessageModal({
  notification,
  isOpen,
  onClose,
}: NotificationMessageModalProps) {
  if (!notification) return null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={notification.subject}
      description={
        <>
          Recibida el{' '}
          <time dateTime={notification.createdAt}>{formatLongDate(notification.createdAt)}</time>
        </>
      }
    >
      <div
        className={RICH_TEXT_CLASSES}
        // Sanitised with DOMPurify: the message is HTML written by the platform's team.
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(notification.message) }}
      />
    </Modal>
  );
}
