import { Link } from 'react-router';
import type { StudentNotification } from '../../../entities/notification/types';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';

/** Where the whole communication centre is (spec §2: the profile's "Comunicaciones"). */
export const NOTIFICATIONS_PAGE = '/profile?section=notifications';

interface NotificationPanelProps {
  studentId: number;
  headingId: string;
  onOpen: (notification: StudentNotification) => void;
  /** Called when the link to the profile is followed (the bell's panel closes). */
  onLeave?: () => void;
}

/** The bell's panel: its heading, "Marcar todas como leídas", the list and the way to the profile. */
export function NotificationPanel({
  studentId,
  headingId,
  onOpen,
  onLeave,
}: NotificationPanelProps) {
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-bold text-slate-900">
          Notificaciones
        </h2>
        <MarkAllReadButton studentId={studentId} className="-mr-2" />
      </div>
      <div className="max-h-[min(26rem,calc(100dvh-12rem))] overflow-y-auto p-1.5">
        <NotificationList studentId={studentId} onOpen={onOpen} variant="panel" />
      </div>
      <div className="border-t border-slate-200 px-4 py-2.5 text-center">
        <Link
          to={NOTIFICATIONS_PAGE}
          onClick={onLeave}
          className="text-sm font-semibold text-main-ink underline-offset-4 hover:underline"
        >
          Ver todas en mi perfil
        </Link>
      </div>
    </div>
  );
}
