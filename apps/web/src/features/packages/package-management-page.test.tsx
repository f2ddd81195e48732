// Package management against a stubbed API: the table and its texts, add/deactivate with their toasts, a plain price list for non-admins.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Package } from '@dealerleads/shared';
import { AppProvider } from '../../app/provider';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { createQueryClient } from '../../lib/query-client';
import { apiError, http, HttpResponse, pagedJson, setupFakeApi } from '../../test/fake-api';
import { PackageManagementPage } from './package-management-page';

const business: Package = {
  id: 4,
  packageName: 'Business 200 Leads',
  packageCode: 'BIZ200',
  packageType: 'Lead',
  packageCredits: 200,
  packageUnit: 'Leads',
  packageValidity: 90,
  packagePrice: 1250000,
  isActive: true,
};
const festive: Package = {
  ...business,
  id: 6,
  packageName: 'Festive 25 Leads (retired)',
  packageCode: 'FEST25',
  isActive: false,
};

/** The packages the fake API lists, 5 a page. */
let listed: Package[];

const api = setupFakeApi(
  http.get('/api/packages', () => pagedJson(listed, { itemsPerPage: 5 })),
  http.put('/api/packages/deactivate/4', () => {
    listed = [{ ...business, isActive: false }];
    return HttpResponse.json({ ...business, isActive: false });
  }),
  // The code BIZ200 is taken, as the API would say.
  http.post('/api/packages/add', async ({ request }) =>
    ((await request.json()) as Package).packageCode === 'BIZ200'
      ? apiError(400, 'Package code is already in use')
      : HttpResponse.json({ ...business, id: 9, packageCode: 'NEW1' }, { status: 201 }),
  ),
);

beforeEach(() => {
  listed = [business];
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

/** The screen on its own (the route itself is Admin-guarded), so a non-admin viewer can be shown too. */
function renderPage(path = '/') {
  const router = createMemoryRouter([{ path: '/', Component: PackageManagementPage }], {
    initialEntries: [path],
  });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user: userEvent.setup() };
}

function calls() {
  return api.calls().map((call) => ({ url: call.path, method: call.method, body: call.body }));
}

describe('package management for an Admin', () => {
  beforeEach(() => setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' }));

  it('lists packages with running S.No, rupees and status, and Actions', async () => {
    api.use(
      http.get('/api/packages', () =>
        pagedJson([business, festive], { itemsPerPage: 5, currentPage: 3, totalItems: 12 }),
      ),
    );
    renderPage('/?page=3');
    expect(await screen.findByRole('heading', { name: 'Package Management' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search packages...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Package' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'S.No',
      'Name',
      'Code',
      'Type',
      'Credits',
      'Unit',
      'Validity (days)',
      'Price (in INR)',
      'Status',
      'Actions',
    ]);
    const row = (await screen.findByRole('row', { name: /Business 200 Leads/ })) as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 8)).toEqual([
      '11',
      'BIZ200',
      'Lead',
      '200',
      'Leads',
      '90',
      '₹12,50,000',
      'Active',
    ]);
    expect(
      within(row).getByRole('button', { name: 'Deactivate Business 200 Leads' }),
    ).toBeVisible();
    // An inactive package can be edited but not deactivated again.
    const retired = screen.getByRole('row', { name: /Festive 25/ });
    expect(within(retired).getByText('Inactive')).toBeInTheDocument();
    expect(within(retired).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(within(retired).getByRole('button', { name: /Edit/ })).toBeInTheDocument();
    expect(calls()[0]?.url).toBe('/api/packages?pageNumber=3&pageSize=5');
    const pager = screen.getByRole('navigation', { name: 'Package pages' });
    expect(within(pager).getByRole('button', { name: 'First page' })).toHaveTextContent('First');
    expect(within(pager).getByRole('button', { name: 'Last page' })).toHaveTextContent('Last');
  });

  it("says 'No packages found' for an empty page", async () => {
    listed = [];
    renderPage();
    expect(await screen.findByText('No packages found')).toBeInTheDocument();
  });

  it('deactivates only after the confirmation, then reloads the list', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Business 200 Leads' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to deactivate this package?');
    expect(calls()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Package deactivated successfully'),
    );
    expect(calls()[1]).toMatchObject({ url: '/api/packages/deactivate/4', method: 'PUT' });
    await vi.waitFor(() => expect(calls()).toHaveLength(3));
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Business 200 Leads' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls()).toHaveLength(1);
  });

  it("adds a package; a taken code toasts the server's text and keeps the modal open", async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Package' });
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    await user.type(field('Package Name'), 'Business Plus');
    await user.type(field('Package Code'), 'BIZ200');
    await user.selectOptions(field('Package Type'), 'Lead');
    await user.selectOptions(field('Package Unit'), 'Leads');
    await user.type(field('Package Credits'), '250');
    await user.type(field('Validity (days)'), '90');
    await user.type(field('Price (in INR)'), '14999');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Package code is already in use'),
    );
    expect(screen.getByRole('dialog', { name: 'Add Package' })).toBeInTheDocument();
    expect(calls()[1]).toMatchObject({
      url: '/api/packages/add',
      method: 'POST',
      body: { packageCode: 'BIZ200', packageCredits: 250, packagePrice: 14999 },
    });

    await user.clear(field('Package Code'));
    await user.type(field('Package Code'), 'NEW1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Package added successfully'),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list reloads after the add.
    await vi.waitFor(() =>
      expect(calls().filter((c) => c.url.startsWith('/api/packages?'))).toHaveLength(2),
    );
  });

  it("falls back to 'Failed to update package' when the server gives no text", async () => {
    api.use(http.put('/api/packages/update/4', () => HttpResponse.json(null, { status: 409 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Business 200 Leads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    await user.type(within(dialog).getByLabelText('Package Name'), ' Max');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update package'));
    expect(calls()[1]).toMatchObject({ url: '/api/packages/update/4', method: 'PUT' });
  });
});

describe('the same screen for anyone else', () => {
  it('is a plain price list: no Actions column and no Add Package', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderPage();
    expect(await screen.findByRole('row', { name: /Business 200 Leads/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Deactivate/ })).not.toBeInTheDocument();
  });
});
