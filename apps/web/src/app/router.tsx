// The route table's root: the layout and the lead list, which dealers land on. Every other screen's route is in
// screen-routes.ts, a lazy chunk the router adds when a navigation needs it (React Router's lazy route discovery):
// the table of the other screens, with their chunks' preload lists, stays out of the lead list's first download.
import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { paths } from '../config/paths';
import { setNavigator } from '../lib/navigation';
import { Spinner } from '../components/spinner';
import { LeadListPage } from '../features/leads/lead-list-page';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';
import { loadScreenRoutes } from './load-screen-routes';

/** The group of the screens (inside the layout) that screen-routes.ts adds its routes to. */
const SCREENS = 'screens';

export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: AppLayout,
    HydrateFallback: Spinner,
    // A crash of the shell itself; screens' crashes are caught below, inside the layout.
    ErrorBoundary: RouteError,
    children: [
      {
        id: SCREENS,
        ErrorBoundary: RouteError,
        children: [
          // Here, not in screen-routes.ts: the root route alone matches '', so the router would not look further.
          { index: true, element: <Navigate to={paths.home} replace /> },
          // The lead list's code is in the first download: as a lazy route it would arrive in five chunks that cost
          // more bytes (docs/performance-budgets.md).
          { path: paths.leads, Component: LeadListPage },
        ],
      },
    ],
  },
];

/**
 * Called by the router for a path the table does not match yet, and for paths with parameters: adds the other
 * screens' routes (React Router leaves out those it already has, so later calls change nothing).
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { screenRoutes } = await loadScreenRoutes();
  patch(SCREENS, screenRoutes);
};

export function createAppRouter() {
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
