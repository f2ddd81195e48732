// User package management against a stubbed API: the table's texts, an assignment saved, the list reloaded, the modal closed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserPackage } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, pagedJson, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const row: UserPackage = {
  id: 1,
  userId: 2,
  userName: 'dealer',
  packageId: 3,
  packageName: 'Pro 50 Leads',
  packageType: 'Lead',
  packageCredits: 50,
  packageUnit: 'Leads',
  packageValidity: 60,
  packageBalanceCredits: 47,
  creditDebited: 3,
  startDate: '2026-11-22',
  endDate: '2027-01-21',
  isActive: true,
};
const orphan: UserPackage = { ...row, id: 2, userName: null, packageName: null, isActive: false };

const api = setupFakeApi(
  http.get('/api/userpackage', () =>
    pagedJson([row, orphan], { itemsPerPage: 5, currentPage: 2, totalItems: 7 }),
  ),
  // The edit reads the row afresh: a dealer spent a credit since the list loaded.
  http.get('/api/userpackage/1', () =>
    HttpResponse.json({ ...row, creditDebited: 4, packageBalanceCredits: 46 }),
  ),
  http.get('/api/users/dropdown', () =>
    HttpResponse.json([
      { id: 3, userName: 'newdealer', name: 'Noida Car Bazaar', phone: '9810000003' },
    ]),
  ),
  http.get('/api/packages/dropdown', () =>
    HttpResponse.json([{ id: 3, packageName: 'Pro 50 Leads' }]),
  ),
  http.get('/api/packages/3', () =>
    HttpResponse.json({
      id: 3,
      packageName: 'Pro 50 Leads',
      packageCode: 'PRO50',
      packageType: 'Lead',
      packageCredits: 50,
      packageUnit: 'Leads',
      packageValidity: 60,
      packagePrice: 3999,
      isActive: true,
    }),
  ),
  http.post('/api/userpackage/add', () =>
    HttpResponse.json({ ...row, id: 8, userId: 3, userName: 'newdealer' }, { status: 201 }),
  ),
);

beforeEach(() => {
  setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

const listCalls = () =>
  api
    .calls()
    .filter((call) => call.pathname === '/api/userpackage')
    .map((call) => call.path);

describe('user package management', () => {
  it("shows S.No across pages, medium dates and 'Unknown' for a missing user or package", async () => {
    renderRoute(`${paths.userPackages}?page=2`);
    expect(
      await screen.findByRole('heading', { name: 'User Package Management' }),
    ).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: /dealer/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '6',
      'Pro 50 Leads',
      '50',
      'Leads',
      '60',
      'Nov 22, 2026',
      'Jan 21, 2027',
      '47',
      'Active',
      '',
    ]);
    const second = screen.getByRole('row', { name: /Unknown/ });
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent('7');
    expect(within(second).getAllByText('Unknown')).toHaveLength(2);
    expect(listCalls()[0]).toBe('/api/userpackage?pageNumber=2&pageSize=5');
    const pager = screen.getByRole('navigation', { name: 'User package pages' });
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toHaveTextContent(
      'Previous',
    );
  });

  it("'Reset filters' empties the search box too, also right after a search was typed", async () => {
    const { router } = renderRoute(`${paths.userPackages}?page=2&q=pro`);
    const box = await screen.findByRole('searchbox', { name: 'Search user packages' });
    expect(box).toHaveValue('pro');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(box).toHaveValue(''));
    await user.type(box, 'dealer{Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=dealer'));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search user packages' })).toHaveValue(''),
    );
  });

  it("says 'No user packages found' for an empty list", async () => {
    api.use(
      http.get('/api/userpackage', () =>
        pagedJson([], { itemsPerPage: 5, totalItems: 0, totalPages: 0 }),
      ),
    );
    renderRoute(paths.userPackages);
    expect(await screen.findByText('No user packages found')).toBeInTheDocument();
  });

  it('adds an assignment: toast, list reloaded, modal closed', async () => {
    renderRoute(paths.userPackages);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User Package' });
    expect(dialog.querySelector('.modal-dialog')).toHaveClass('modal-lg', 'modal-dialog-centered');
    await user.type(await within(dialog).findByRole('combobox', { name: 'User' }), 'noida');
    await user.click(within(dialog).getByRole('option', { name: 'Noida Car Bazaar (newdealer)' }));
    await user.selectOptions(within(dialog).getByLabelText('Package'), '3');
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Balance Credits')).toHaveValue('50'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('User package added successfully'),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(listCalls()).toHaveLength(2));
    const [post] = api.callsTo('POST', '/api/userpackage/add');
    expect(post?.body).toMatchObject({
      userId: 3,
      packageId: 3,
      creditDebited: 0,
    });

    // Opened again, the form starts empty.
    await user.click(screen.getByRole('button', { name: 'Add User Package' }));
    const again = await screen.findByRole('dialog', { name: 'Add User Package' });
    expect(await within(again).findByLabelText('User')).toHaveValue('');
  });

  it("opens 'Edit User Package' with the row", async () => {
    renderRoute(paths.userPackages);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Pro 50 Leads of dealer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Package' });
    expect(await within(dialog).findByLabelText('Package')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Credits Debited')).toHaveValue(4);
  });

  it("says 'Failed to load users or packages data' when a dropdown cannot load", async () => {
    api.use(http.get('/api/users/dropdown', () => apiError(500, 'Internal server error')));
    renderRoute(paths.userPackages);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User Package' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Failed to load users or packages data'),
    ).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to load users or packages data');
  });
});
