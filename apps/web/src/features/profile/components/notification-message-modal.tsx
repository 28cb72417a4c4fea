import { Modal } from '../../../components/ui/dialog';
import type { StudentNotification } from '../types';
import { formatLongDate } from '../utils/relative-time';
import { sanitizeMessageHtml } from '../utils/sanitize-html';

/** Styles for the message's own HTML (paragraphs, lists, links, emphasis). */
const MESSAGE_STYLES =
  'flex flex-col gap-3 text-base leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-main-ink [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-6';

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
        className={MESSAGE_STYLES}
        // Sanitised with DOMPurify: the message is HTML written by the platform's team.
        dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(notification.message) }}
      />
    </Modal>
  );
}
