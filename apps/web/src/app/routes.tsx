import { matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { adminProjectsRoutes } from './routes/admin-projects/admin-projects-routes';
import { adminRoutes } from './routes/admin/admin-routes';
import { authRoutes } from './routes/auth/auth-routes';
import { catalogueRoutes } from './routes/projects/catalogue-routes';
import { HomeRoute } from './routes/home';
import { landingRoutes } from './routes/landing/landing-routes';
import { legalRoutes } from './routes/legal/legal-routes';
import { libraryRoutes } from './routes/library/library-routes';
import { NotFoundRoute } from './routes/not-found';
import { profileRoutes } from './routes/profile/profile-routes';
import { publishingRoutes } from './routes/publishing/publishing-routes';
import { questionnaireRoutes } from './routes/questionnaire/questionnaire-routes';
import { resourcesRoutes } from './routes/resources/resources-routes';
import { RouteError } from './routes/route-error';

/**
 * The route table (spec §2), shared by the browser router and the tests' memory router. Each area
 * keeps its routes in its own module under `routes/`; big screens can switch to `lazy` to split
 * the bundle.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      ...landingRoutes,
      ...legalRoutes,
      ...authRoutes,
      ...profileRoutes,
      ...adminRoutes,
      ...adminProjectsRoutes,
      ...questionnaireRoutes,
      ...catalogueRoutes,
      ...publishingRoutes,
      ...resourcesRoutes,
      ...libraryRoutes,
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * Loads the `lazy` modules of the routes `location` matches and puts them in the route objects,
 * as the router would once it ran: a page the server drew (ADR 0060) is hydrated with its route's
 * component in hand rather than with nothing while the module loads.
 */
export async function loadRouteModules(
  table: RouteObject[],
  location: { pathname: string },
): Promise<void> {
  const matches = matchRoutes(table, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
}
