import type { StudentNotification } from '../../../entities/notification/types';
import { useOpenNotification } from '../hooks/use-open-notification';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';
import { NotificationMessageModal } from './notification-message-modal';

/**
 * The profile's communication centre (spec §2 "Comunicaciones"): "Marcar todas como leídas", the
 * list and the popup of the opened entry. The same queries as the bell, so both change together.
 */
export function NotificationCentre({ studentId }: { studentId: number }) {
  const opened = useOpenNotification(studentId);
  return (
    <div className="flex flex-col">
      <div className="mb-3 flex justify-end">
        <MarkAllReadButton studentId={studentId} />
      </div>
      <NotificationList
        studentId={studentId}
        onOpen={(notification: StudentNotification) => opened.open(notification)}
      />
      <NotificationMessageModal
        notification={opened.notification}
        isOpen={opened.isOpen}
        onClose={opened.close}
      />
    </div>
  );
}
