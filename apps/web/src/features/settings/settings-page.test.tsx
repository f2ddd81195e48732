// The Admin's settings screen: loads the settings, checks the cap (1 to 100) before saving, saves, toasts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const admin: CurrentUser = { id: 1, username: 'admin', token: 'admin-token', role: 'Admin' };

let success: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
});

const api = setupFakeApi(
  http.get('/api/settings', () =>
    HttpResponse.json({ maxDealersPerLead: 5, holdFlaggedLeads: true }),
  ),
  http.put('/api/settings', async ({ request }) =>
    HttpResponse.json({
      maxDealersPerLead: 5,
      holdFlaggedLeads: true,
      ...((await request.json()) as Record<string, unknown>),
    }),
  ),
);
const saved = () => api.callsTo('PUT', '/api/settings').map((call) => call.body);

describe('the settings screen', () => {
  it('saves the cap and the moderation hold, with a toast', async () => {
    setCurrentUser(admin);
    renderRoute(paths.settings);
    const cap = await screen.findByLabelText('Most dealers per lead');
    expect(cap).toHaveValue(5);
    const hold = screen.getByRole('switch', {
      name: 'Hold flagged leads until an Admin approves them',
    });
    expect(hold).toBeChecked();
    const user = userEvent.setup();
    await user.clear(cap);
    await user.type(cap, '2');
    await user.click(hold);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    expect(saved()).toEqual([{ maxDealersPerLead: 2, holdFlaggedLeads: false }]);
  });

  it('refuses a cap outside 1 to 100 without calling the API', async () => {
    setCurrentUser(admin);
    renderRoute(paths.settings);
    const cap = await screen.findByLabelText('Most dealers per lead');
    const user = userEvent.setup();
    await user.clear(cap);
    await user.type(cap, '101');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Most dealers per lead must be at most 100'),
    ).toBeInTheDocument();
    await user.clear(cap);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Most dealers per lead must be a whole number'),
    ).toBeInTheDocument();
    expect(saved()).toEqual([]);
    expect(success).not.toHaveBeenCalled();
  });

  it('is for Admins only', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' });
    const { router } = renderRoute(paths.settings);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(paths.settings));
  });
});
