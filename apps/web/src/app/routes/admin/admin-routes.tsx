import { Navigate, type RouteObject } from 'react-router';

/**
 * Routes of this area (see ../../routes.tsx). Only admins open them, so their code is loaded on
 * demand (`lazy`) and stays out of the bundle every visitor downloads.
 */
export const adminRoutes: RouteObject[] = [
  {
    // Beyond the spec (ADR 0066): the administration home, where an admin lands after signing in.
    path: 'admin',
    lazy: async () => ({ Component: (await import('./admin-home-route')).AdminHomeRoute }),
  },
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
        // ADR 0051: the email domains whose teachers are verified when they register.
        path: 'profesorado',
        lazy: async () => ({
          Component: (await import('./teacher-settings-route')).TeacherSettingsRoute,
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
    // Beyond spec §2 (ADR 0045, 0046): the admins' communications to students, their history
    // and each one's delivery followed live.
    path: 'admin/comunicaciones',
    lazy: async () => ({
      Component: (await import('./communications-route')).CommunicationsLayout,
    }),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./communications-route')).CommunicationsHistoryRoute,
        }),
      },
      {
        path: 'nueva',
        lazy: async () => ({
          Component: (await import('./communications-route')).NewCommunicationRoute,
        }),
      },
      {
        path: ':id',
        lazy: async () => ({
          Component: (await import('./communications-route')).CommunicationRoute,
        }),
      },
    ],
  },
  {
    // Spec §2 `/campus`, the admin menu's "Facultades y Grados" (ADR 0047): universities,
    // campuses, degrees and calls.
    path: 'campus',
    lazy: async () => ({
      Component: (await import('./catalogue-admin-route')).CatalogueAdminRoute,
    }),
  },
  {
    // ADR 0065: the catalogue (universities, campuses, degrees, study areas) from a file.
    path: 'campus/load',
    lazy: async () => ({
      Component: (await import('./catalogue-admin-route')).CatalogueLoadRoute,
    }),
  },
  {
    // Beyond the spec (ADR 0049): the impact dashboard, its charts in this lazy chunk.
    path: 'admin/informes',
    lazy: async () => ({ Component: (await import('./reports-route')).AdminReportsRoute }),
  },
  {
    // Spec §2, the admin menu's "Usuarios" and "Empresas" (ADR 0050): the people lists.
    path: 'students/load',
    lazy: async () => ({
      Component: (await import('./people-admin-route')).StudentsLoadRoute,
    }),
  },
  {
    path: 'teachers/load',
    lazy: async () => ({
      Component: (await import('./people-admin-route')).TeachersLoadRoute,
    }),
  },
  {
    path: 'organizations/load',
    lazy: async () => ({
      Component: (await import('./people-admin-route')).OrganizationsLoadRoute,
    }),
  },
  {
    // The outbox was a page the API drew at this address (ADR 0030); links to it still work.
    path: 'admin/outbox/:id?',
    lazy: async () => ({ Component: (await import('./outbox-route')).LegacyOutboxRedirect }),
  },
];
