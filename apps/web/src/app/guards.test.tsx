// The route table's guards and redirects (docs/screens.md, docs/deviations.md), with the exact toasts.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../config/paths';
import { notify } from '../lib/notify';
import { setCurrentUser } from '../lib/session';
import { renderRoute } from '../test/render-route';
import { guardMessages } from './guards';
import { SKIP_LINK_TEXT } from './layout/app-layout';
import { setLanguage } from '../i18n/runtime';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' };
const admin: CurrentUser = { id: 1, username: 'admin', token: 'admin-token', role: 'Admin' };

let errorToast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorToast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

async function expectPath(router: { state: { location: { pathname: string } } }, path: string) {
  await vi.waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('anonymous visitors', () => {
  it.each([
    paths.members,
    paths.memberDetail('dealer'),
    paths.memberEdit('dealer'),
    paths.lists,
    paths.leadEdit(5),
    paths.messages,
    paths.packages,
    paths.userPackages,
    paths.testErrors,
  ])('are stopped at %s with "You shall not pass!" and sent to the login screen', async (path) => {
    const { router } = renderRoute(path);
    await expectPath(router, paths.login);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith(guardMessages.anonymous);
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it.each([
    [paths.home, 'Welcome to DealerLeads'],
    [paths.leads, 'Leads'],
    [paths.leadDetail(7), 'Lead Details'],
    [paths.notFound, 'Not Found'],
    [paths.leadForm, 'Sell your car'],
    [paths.register, 'Sign up'],
  ])('may open %s', async (path, heading) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('in Hindi', () => {
  afterEach(() => setLanguage('en'));

  it("says the guards' toasts in Hindi", async () => {
    await setLanguage('hi');
    const { router } = renderRoute(paths.packages);
    await expectPath(router, paths.login);
    expect(errorToast).toHaveBeenCalledWith('बिना लॉग इन आगे नहीं जा सकते!');
    setCurrentUser(dealer);
    await router.navigate(paths.userPackages);
    await expectPath(router, paths.home);
    expect(errorToast).toHaveBeenLastCalledWith('आपको यह हिस्सा देखने की अनुमति नहीं है');
  });
});

describe('a logged-in dealer', () => {
  beforeEach(() => setCurrentUser(dealer));

  it('is sent to / from the members list with the members-area toast', async () => {
    const { router } = renderRoute(paths.members);
    await expectPath(router, paths.home);
    expect(errorToast).toHaveBeenCalledWith(guardMessages.membersAdminOnly);
  });

  it("is kept out of another member's pages", async () => {
    const { router } = renderRoute(paths.memberEdit('admin'));
    await expectPath(router, paths.home);
    expect(errorToast).toHaveBeenCalledWith(guardMessages.membersAdminOnly);
  });

  it('may edit their own profile', async () => {
    renderRoute(paths.memberEdit('dealer'));
    expect(
      await screen.findByRole('heading', { name: "Update User's Details" }),
    ).toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it.each([paths.packages, paths.userPackages, paths.leadEdit(3), paths.testErrors])(
    'is sent to / from %s with "You are not authorized to access this area"',
    async (path) => {
      const { router } = renderRoute(path);
      await expectPath(router, paths.home);
      expect(errorToast).toHaveBeenCalledWith(guardMessages.notAuthorized);
    },
  );

  it.each([
    [paths.lists, 'Lists'],
    [paths.messages, 'Messages'],
  ])('may open %s', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('an admin', () => {
  beforeEach(() => setCurrentUser(admin));

  it.each([
    [paths.members, 'Members'],
    [paths.memberDetail('dealer'), 'dealer'],
    [paths.memberEdit('dealer'), "Update User's Details"],
    [paths.packages, 'Package Management'],
    [paths.userPackages, 'User Package Management'],
    [paths.leadEdit(3), 'Edit Lead'],
    [paths.testErrors, 'Test Errors'],
  ])('may open %s', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('redirects', () => {
  it("sends '' to the dealers home", async () => {
    const { router } = renderRoute('/');
    await expectPath(router, paths.home);
    expect(
      await screen.findByRole('heading', { name: 'Welcome to DealerLeads' }),
    ).toBeInTheDocument();
  });

  it('shows the not-found screen for an unknown path, titled so', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    await vi.waitFor(() => expect(document.title).toBe('Page not found · DealerLeads'));
  });
});

describe('page titles and the skip link', () => {
  it.each([
    [paths.leads, 'Leads · DealerLeads'],
    [paths.leadDetail(7), 'Lead details · DealerLeads'],
    [paths.login, 'Login · DealerLeads'],
  ])('titles %s "%s"', async (path, title) => {
    renderRoute(path);
    await vi.waitFor(() => expect(document.title).toBe(title));
  });

  it('offers a link to the main content first', async () => {
    renderRoute(paths.home);
    const link = await screen.findByRole('link', { name: SKIP_LINK_TEXT });
    expect(link).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });
});
