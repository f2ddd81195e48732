// Test helper: renders the real route table at a path, in memory, with the app's providers.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { patchRoutesOnNavigation, routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { setNavigator } from '../lib/navigation';

export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}
