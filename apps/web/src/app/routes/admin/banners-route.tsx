/** `/admin/ajustes/banners`: campaign banners an admin schedules (built in its own change). */
export function AdminBannersRoute() {
  return null;
}
