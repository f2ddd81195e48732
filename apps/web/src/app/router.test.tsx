// The route table: the layout and the lead list from the start, every other screen's route added when a navigation
// first needs it (React Router's lazy route discovery), once.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { renderRoute } from '../test/render-route';

type Router = ReturnType<typeof renderRoute>['router'];

/** The paths of the screens' group, inside the layout. */
const screenPaths = (router: Router) =>
  (router.routes[0]?.children?.[0]?.children ?? []).map((route) => route.path ?? '(group)');

describe('the route table', () => {
  it("renders the lead list without the other screens' routes", async () => {
    const { router } = renderRoute(paths.leads);
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    expect(screenPaths(router)).toEqual(['(group)', paths.leads]);
  });

  it('adds them the first time a navigation leaves the lead list, and only then', async () => {
    const { router } = renderRoute(paths.leads);
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    await router.navigate(paths.login);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    const all = screenPaths(router);
    expect(all).toContain(paths.leadDetail.path);
    expect(all).toContain(paths.unknown);

    await router.navigate(paths.leadDetail(7));
    expect(await screen.findByRole('heading', { name: 'Lead Details' })).toBeInTheDocument();
    expect(screenPaths(router)).toEqual(all);
  });

  it("opens another screen directly, and '' leads to the home screen", async () => {
    const { router } = renderRoute('/');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to DealerLeads' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home);
  });
});
