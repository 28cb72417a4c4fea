import type { ReactNode } from 'react';
import { NotificationPreferencesForm } from './notification-preferences-form';

/**
 * "Comunicaciones": the communication centre, then the notification preferences. The centre is
 * the notifications feature's (the bell shows the same), given by the route (app/ composes).
 */
export function NotificationsSection({
  studentId,
  notificationCentre,
}: {
  studentId: number;
  notificationCentre: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col">{notificationCentre}</div>
      <section aria-labelledby="preferencias-avisos" className="border-t border-slate-200 pt-6">
        <h3 id="preferencias-avisos" className="text-lg font-bold text-slate-900">
          Preferencias de avisos
        </h3>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          Elige de qué quieres enterarte y por dónde te lo contamos.
        </p>
        <NotificationPreferencesForm studentId={studentId} />
      </section>
    </div>
  );
}
