import { useUnreadCount } from '../../../entities/notification/api/get-unread-count';
import { UnreadBadge } from './unread-badge';

/**
 * On a phone the bell is in the side menu (spec §2), so the menu's button carries the count too:
 * seen on the button, and added to its name ("Abrir menú, 3 notificaciones sin leer").
 */
export function MenuButtonBadge({ studentId }: { studentId: number }) {
  const count = useUnreadCount(studentId).data;
  if (!count) return null;
  return (
    <>
      <UnreadBadge count={count} className="absolute top-0.5 right-0.5" />
      <span className="sr-only">
        {count === 1 ? ', 1 notificación sin leer' : `, ${count} notificaciones sin leer`}
      </span>
    </>
  );
}
