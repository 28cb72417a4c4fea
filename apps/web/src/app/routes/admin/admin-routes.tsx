import { Navigate, type RouteObject } from 'react-router';
import { AdminBannersRoute } from './banners-route';
import { BrandingSettingsRoute } from './branding-settings-route';
import { FooterSettingsRoute } from './footer-settings-route';
import { PermissionsSettingsRoute } from './permissions-settings-route';
import { RequireAdmin } from './require-admin';
import { SettingsLayout } from './settings-layout';

/** Routes of this area (see ../../routes.tsx). */
export const adminRoutes: RouteObject[] = [
  {
    // Beyond the spec (ADR 0016): a university changes its branding, permissions, footer and
    // banners here without a developer.
    path: 'admin/ajustes',
    element: (
      <RequireAdmin>
        <SettingsLayout />
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <Navigate to="marca" replace /> },
      { path: 'marca', element: <BrandingSettingsRoute /> },
      { path: 'permisos', element: <PermissionsSettingsRoute /> },
      { path: 'pie', element: <FooterSettingsRoute /> },
      { path: 'banners', element: <AdminBannersRoute /> },
    ],
  },
];
