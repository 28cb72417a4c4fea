import { Navigate, type RouteObject } from 'react-router';

/**
 * Routes of this area (see ../../routes.tsx). Only admins open them, so their code is loaded on
 * demand (`lazy`) and stays out of the bundle every visitor downloads.
 */
export const adminRoutes: RouteObject[] = [
  {
    // Beyond the spec (ADR 0016): a university changes its branding, permissions, footer,
    // banners and legal texts (ADR 0035) here without a developer, and reads the outbox.
    path: 'admin/ajustes',
    lazy: async () => {
      const [{ RequireAdmin }, { SettingsLayout }] = await Promise.all([
        import('./require-admin'),
        import('./settings-layout'),
      ]);
      return {
        Component: () => (
          <RequireAdmin>
            <SettingsLayout />
          </RequireAdmin>
        ),
      };
    },
    children: [
      { index: true, element: <Navigate to="marca" replace /> },
      {
        path: 'marca',
        lazy: async () => ({
          Component: (await import('./branding-settings-route')).BrandingSettingsRoute,
        }),
      },
      {
        path: 'permisos',
        lazy: async () => ({
          Component: (await import('./permissions-settings-route')).PermissionsSettingsRoute,
        }),
      },
      {
        path: 'pie',
        lazy: async () => ({
          Component: (await import('./footer-settings-route')).FooterSettingsRoute,
        }),
      },
      {
        path: 'banners',
        lazy: async () => ({ Component: (await import('./banners-route')).AdminBannersRoute }),
      },
      {
        path: 'textos-legales',
        lazy: async () => ({
          Component: (await import('./legal-settings-route')).LegalSettingsRoute,
        }),
      },
      {
        path: 'correo',
        lazy: async () => ({ Component: (await import('./outbox-route')).AdminOutboxRoute }),
      },
      {
        path: 'correo/:id',
        lazy: async () => ({ Component: (await import('./outbox-route')).AdminOutboxEmailRoute }),
      },
    ],
  },
  {
    // Beyond the spec (ADR 0041): the staff review of uploaded final works (ADR 0036) and the
    // import of external ones.
    path: 'admin/biblioteca',
    lazy: async () => {
      const [{ RequireAdmin }, { LibraryAdminLayout }] = await Promise.all([
        import('./require-admin'),
        import('./library-admin-route'),
      ]);
      return {
        Component: () => (
          <RequireAdmin>
            <LibraryAdminLayout />
          </RequireAdmin>
        ),
      };
    },
    children: [
      { index: true, element: <Navigate to="pendientes" replace /> },
      {
        path: 'pendientes',
        lazy: async () => ({
          Component: (await import('./library-admin-route')).PendingWorksRoute,
        }),
      },
      {
        path: 'publicados',
        lazy: async () => ({
          Component: (await import('./library-admin-route')).PublishedWorksRoute,
        }),
      },
      {
        path: 'rechazados',
        lazy: async () => ({
          Component: (await import('./library-admin-route')).RejectedWorksRoute,
        }),
      },
      {
        path: 'importar',
        lazy: async () => ({
          Component: (await import('./library-admin-route')).ImportWorksRoute,
        }),
      },
    ],
  },
  {
    // Beyond the spec (ADR 0041): the admins write the resources students read at /resources.
    path: 'admin/recursos',
    lazy: async () => ({
      Component: (await import('./resources-admin-route')).AdminResourcesRoute,
    }),
  },
  {
    path: 'admin/recursos/nuevo',
    lazy: async () => ({
      Component: (await import('./resources-admin-route')).AdminNewResourceRoute,
    }),
  },
  {
    path: 'admin/recursos/:id',
    lazy: async () => ({
      Component: (await import('./resources-admin-route')).AdminResourceEditRoute,
    }),
  },
  {
    // The outbox was a page the API drew at this address (ADR 0030); links to it still work.
    path: 'admin/outbox/:id?',
    lazy: async () => ({ Component: (await import('./outbox-route')).LegacyOutboxRedirect }),
  },
];
