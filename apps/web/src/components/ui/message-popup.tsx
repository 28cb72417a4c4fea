import { formatLongDate } from '../../lib/dates';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { Modal } from './dialog';
import { RICH_TEXT_CLASSES } from './rich-text';

/**
 * A message's HTML as a student reads it: cleaned by THE sanitiser of server HTML
 * (lib/sanitize-html, DOMPurify), so no script, handler or style of a message ever runs, whoever
 * wrote it; images without `alt` marked decorative.
 */
export function RichMessage({ html }: { html: string }) {
  return (
    <div
      className={RICH_TEXT_CLASSES}
      dangerouslySetInnerHTML={{ __html: withImageAlts(sanitizeHtml(html)) }}
    />
  );
}

interface MessagePopupProps {
  isOpen: boolean;
  onClose: () => void;
  subject: string;
  /** HTML, cleaned here before it is shown. */
  message: string;
  /** When the student received it (or will). */
  receivedAt: string;
}

/**
 * Spec §2 "Notification popup: shows the HTML message of the opened notification" (ADR 0044).
 * One component for the student's bell and centre and for the staff's preview of a communication
 * (ADR 0046), so the preview is what the student will see.
 */
export function MessagePopup({ isOpen, onClose, subject, message, receivedAt }: MessagePopupProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={subject}
      description={
        <>
          Recibida el <time dateTime={receivedAt}>{formatLongDate(receivedAt)}</time>
        </>
      }
    >
      <RichMessage html={message} />
    </Modal>
  );
}

/**
 * An image of a message written without `alt` is read out as its file name; marked decorative
 * instead (`alt=""`), as WCAG 1.1.1 asks when nothing better is known.
 */
function withImageAlts(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll('img:not([alt])')) {
    image.setAttribute('alt', '');
  }
  return template.innerHTML;
}
