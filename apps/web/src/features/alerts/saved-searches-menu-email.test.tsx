// The saved-searches menu against a stubbed API: saving a search with its e-mail mode, and changing the mode later.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '@dealerleads/shared';
import { AppProvider } from '../../app/provider';
import { paths } from '../../config/paths';
import { createQueryClient } from '../../lib/query-client';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { SavedSearchesMenu } from './saved-searches-menu';

const cretas: SavedSearch = {
  id: 3,
  name: 'Cretas',
  filters: { model: 'Creta' },
  emailMode: 'instant',
  newCount: 0,
  lastOpenedOn: '2026-11-20T10:00:00.000Z',
  createdOn: '2026-11-20T10:00:00.000Z',
};

const api = setupFakeApi(
  http.put('/api/saved-searches/3', async ({ request }) =>
    HttpResponse.json({ ...cretas, ...((await request.json()) as object) }),
  ),
  http.post('/api/saved-searches', () => HttpResponse.json({ ...cretas, id: 4 }, { status: 201 })),
  http.all('/api/*', () => HttpResponse.json([cretas])),
);

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
});

function renderMenu(query = '?model=Creta&city=Pune') {
  const router = createMemoryRouter([{ path: paths.leads, element: <SavedSearchesMenu /> }], {
    initialEntries: [`${paths.leads}${query}`],
  });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const sent = (method: string) =>
  api.callsTo(method, '/api/').map((call) => ({ url: call.path, body: call.body }));

describe('saved searches menu: e-mail', () => {
  it('saves a search with the chosen e-mail mode (instant by default)', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Saved searches' }));
    await user.click(screen.getByRole('button', { name: /Save this search/ }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('instant');
    await user.type(screen.getByLabelText('Name'), 'Cretas in Pune');
    await user.selectOptions(screen.getByLabelText('E-mail'), 'Daily digest');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toEqual({
      url: '/api/saved-searches',
      body: {
        name: 'Cretas in Pune',
        filters: { model: 'Creta', city: 'Pune' },
        emailMode: 'daily',
      },
    });
  });

  it('offers the daily digest by default for a search without any filter', async () => {
    const user = userEvent.setup();
    renderMenu('');
    await user.click(await screen.findByRole('button', { name: 'Saved searches' }));
    await user.click(screen.getByRole('button', { name: /Save this search/ }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('daily');
  });

  it("changes a saved search's e-mail mode from the list", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Saved searches' }));
    const select = await screen.findByLabelText('E-mail for Cretas');
    expect(select).toHaveValue('instant');
    await user.selectOptions(select, 'No e-mail');
    await vi.waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toEqual({ url: '/api/saved-searches/3', body: { emailMode: 'off' } });
  });
});
