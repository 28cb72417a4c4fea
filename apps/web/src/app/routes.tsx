import type { RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * The route table (spec §2), shared by the browser router and the tests' memory router. Later
 * screens add children here; big ones can switch to `lazy` to split the bundle.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
