// A session that expires on a guarded screen says so once (not 'Authentication Error' plus 'You shall not pass!'),
// and logging in again returns the member to the screen they were on, with its filters.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../config/paths';
import { httpErrorTexts } from '../lib/http-error-catalogue';
import { notify } from '../lib/notify';
import { getCurrentUser, setCurrentUser } from '../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { guardMessages, safeReturnTo } from './guards';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'old-token', role: 'Dealer' };
let errorToast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorToast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
});

setupFakeApi(
  http.post('/api/account/login', () => HttpResponse.json({ ...dealer, token: 'new-token' })),
  http.all('/api/*', ({ request }) => {
    // The old token is refused everywhere; the new one is answered with an empty workspace.
    if (request.headers.get('Authorization') !== 'Bearer new-token')
      return apiError(401, 'Unauthorized');
    if (new URL(request.url).pathname.startsWith('/api/me/leads/follow-ups'))
      return HttpResponse.json({ dueToday: 0, overdue: 0 });
    return HttpResponse.json([]);
  }),
);

describe('an expired session', () => {
  it('says so once, then returns the member to where they were after logging in', async () => {
    setCurrentUser(dealer);
    const { router } = renderRoute(`${paths.myLeads}?stage=contacted`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.login), 5000);
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      `${paths.myLeads}?stage=contacted`,
    );
    expect(getCurrentUser()).toBeNull();
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith(httpErrorTexts.sessionExpired);
    expect(errorToast).not.toHaveBeenCalledWith(guardMessages.anonymous);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User name'), 'dealer');
    await user.type(screen.getByLabelText('Password'), 'Dealer@2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.myLeads));
    expect(router.state.location.search).toBe('?stage=contacted');
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('returns only to addresses inside the app', () => {
    expect(safeReturnTo('/dealers/my-leads?stage=new')).toBe('/dealers/my-leads?stage=new');
    for (const outside of [
      null,
      '',
      'https://evil.test',
      '//evil.test/x',
      '/\\evil.test',
      paths.login,
    ])
      expect(safeReturnTo(outside)).toBeUndefined();
  });
});
