import { Outlet, useParams } from 'react-router';
import { AnnouncementComposer } from '../../../features/announcements/components/announcement-composer';
import { AnnouncementDetail } from '../../../features/announcements/components/announcement-detail';
import { AnnouncementsHistory } from '../../../features/announcements/components/announcements-history';
import { NotFoundRoute } from '../not-found';
import { RequireAdmin } from './require-admin';

/**
 * `/admin/comunicaciones/*` (ADR 0046): the admins write to students (ADR 0045) and follow what
 * they sent. Admins only here; the API also lets teachers and coordinators write to their own
 * candidates, from the candidates page.
 */
export function CommunicationsLayout() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}

/** `/admin/comunicaciones`: the history. */
export const CommunicationsHistoryRoute = () => <AnnouncementsHistory />;

/** `/admin/comunicaciones/nueva`: the composer. */
export const NewCommunicationRoute = () => <AnnouncementComposer />;

/** `/admin/comunicaciones/:id`; an id that is not a number, or no such one, is "not found". */
export function CommunicationRoute() {
  const { id } = useParams();
  const announcementId = Number(id);
  if (!Number.isInteger(announcementId) || announcementId < 1) return <NotFoundRoute />;
  return (
    <AnnouncementDetail key={announcementId} id={announcementId} notFound={<NotFoundRoute />} />
  );
}
