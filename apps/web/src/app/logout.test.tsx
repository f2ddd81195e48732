// Logging out from a screen that needs a session: no request without a token, so no 'Authentication Error' toast.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@dealerleads/shared';
import { paths } from '../config/paths';
import { notify } from '../lib/notify';
import { getCurrentUser, setCurrentUser } from '../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { guardMessages } from './guards';

const admin: Member = {
  id: 1,
  userName: 'admin',
  name: 'DealerLeads Admin',
  email: 'admin@dealerleads.in',
  phone: '9810000001',
  city: 'New Delhi',
  pincode: '110001',
  state: 'Delhi',
  role: 'Admin',
  status: true,
  emailVerified: true,
  createdOn: '2026-01-01T00:00:00.000Z',
};
const pagination = JSON.stringify({
  currentPage: 1,
  itemsPerPage: 5,
  totalItems: 1,
  totalPages: 1,
});

/** Like the API: 401 without a token; otherwise a member, or a one-page list. */
const api = setupFakeApi(
  http.all('/api/*', ({ request }) => {
    const url = new URL(request.url);
    if (!request.headers.has('Authorization')) return apiError(401, 'Unauthorized');
    if (url.pathname === '/api/users/admin') return HttpResponse.json(admin);
    const items =
      url.pathname.startsWith('/api/leads') || url.pathname.includes('dropdown') ? [] : [admin];
    return HttpResponse.json(items, { headers: { Pagination: pagination } });
  }),
);

beforeEach(() => {
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser({ id: 1, username: 'admin', token: 'admin-token', role: 'Admin' });
});

describe('logout', () => {
  it.each([
    ['Members', paths.members, 'Members'],
    ['Member detail', paths.memberDetail('admin'), 'admin'],
    ['Edit Profile', paths.memberEdit('admin'), "Update User's Details"],
    ['User Packages', paths.userPackages, 'User Package Management'],
  ])('from %s is quiet: nothing is fetched without a token', async (_screen, path, heading) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.calls().length).toBeGreaterThan(0));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(getCurrentUser()).toBeNull();
    const anonymous = api
      .calls()
      .filter((call) => !call.headers.has('Authorization') && !call.path.startsWith('/api/leads'));
    expect(anonymous).toEqual([]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('from another tab leaves a guarded screen for the login screen, as its guard does', async () => {
    const { router } = renderRoute(paths.members);
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    // The screen asks for its list once mounted (TanStack Query subscribes in an effect, which React may run a
    // little after the heading shows). Ending the session before that would race the screen's own first
    // request; this test is about what happens to a screen that is up and running.
    await vi.waitFor(() => expect(api.calls().length).toBeGreaterThan(0));
    act(() => {
      localStorage.removeItem('user');
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    // The login screen is a lazy chunk: on a busy machine its first import takes a while.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.login), {
      timeout: 5000,
    });
    expect(notify.error).toHaveBeenCalledWith(guardMessages.anonymous);
    expect(api.calls().every((call) => call.headers.has('Authorization'))).toBe(true);
  });
});
