// My orders, the printable receipt and the Admin's Payments against the fake API (test/fake-api.ts).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderMessages, type CreatedOrder, type Order } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { pricePackages } from '../../test/price-list';
import { apiError, http, HttpResponse, pagedJson, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const base: Order = {
  id: 31,
  reference: 'DL-20261123-K7Q2MX',
  userId: 2,
  userName: 'dealer',
  packageId: 4,
  packageName: 'Starter 10 Leads',
  packageType: 'Lead',
  credits: 10,
  unit: 'Leads',
  validityDays: 30,
  amount: 12_999,
  status: 'pending',
  utr: '123456789012',
  adminNote: null,
  createdOn: '2026-11-23T10:00:00.000Z',
  expiresOn: '2026-11-25T10:00:00.000Z',
  decidedOn: null,
  userPackageId: null,
};
const rejected: Order = {
  ...base,
  id: 30,
  reference: 'DL-20261122-ABCDEF',
  status: 'rejected',
  utr: null,
  adminNote: 'No payment with this reference',
};
const api = setupFakeApi(
  http.get('/api/me/orders/31', () =>
    HttpResponse.json({ ...base, upiUri: null } satisfies CreatedOrder),
  ),
  http.get('/api/me/orders', () => pagedJson([base, rejected])),
  http.get('/api/packages', () => pagedJson(pricePackages)),
  http.get('/api/orders/config', () =>
    HttpResponse.json({ upiEnabled: true, payeeVpa: 'x@okaxis', payeeName: 'DealerLeads' }),
  ),
  http.put('/api/orders/31/confirm', () => HttpResponse.json({ ...base, status: 'confirmed' })),
  http.get('/api/orders', () => pagedJson([base, rejected])),
  http.get('/api/me/*', () => apiError(404, 'x')),
);

let successToast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  successToast = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

describe('orders', () => {
  it("lists the member's orders with their status, the reason of a rejection and the receipt links", async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderRoute(paths.myOrders);
    const rows = await screen.findAllByTestId('my-order-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('order-status')).toHaveTextContent('Payment submitted');
    expect(rows[0]).toHaveTextContent('₹12,999');
    expect(within(rows[1]!).getByTestId('order-status')).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('No payment with this reference');
    expect(
      within(rows[0]!).getByRole('link', { name: 'Receipt DL-20261123-K7Q2MX' }),
    ).toHaveAttribute('href', paths.orderReceipt(31));
  });

  it('opens the price list from My orders, with Buy by UPI', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderRoute(paths.myOrders);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Buy a package' }));
    const popup = await screen.findByRole('dialog', { name: 'Buy a Package' });
    expect(
      await within(popup).findByRole('button', { name: 'Buy Starter 10 Leads by UPI' }),
    ).toBeEnabled();
  });

  it('shows a printable receipt: reference, package, amount in rupees, UTR, and a Print button', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoute(paths.orderReceipt(31));
    const receipt = await screen.findByTestId('receipt');
    for (const text of [
      'DL-20261123-K7Q2MX',
      'Starter 10 Leads',
      '₹12,999',
      '123456789012',
      '10 credits',
    ])
      expect(receipt).toHaveTextContent(text);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('lets an Admin confirm an order with a note, naming the UTR shown, with a toast', async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    renderRoute(paths.payments);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm DL-20261123-K7Q2MX' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('₹12,999');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Seen in the bank');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith(orderMessages.confirmed));
    const [call] = api.callsTo('PUT', '/api/orders/31/confirm');
    expect(call?.body).toEqual({
      utr: '123456789012',
      note: 'Seen in the bank',
    });
  });

  it('shows why a confirm was refused when the UTR changed since the list was loaded', async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    api.use(http.put('/api/orders/:id/confirm', () => apiError(409, orderMessages.utrChanged)));
    renderRoute(paths.payments);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm DL-20261123-K7Q2MX' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('UTR 123456789012');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(orderMessages.utrChanged));
    expect(successToast).not.toHaveBeenCalled();
  });

  it('asks for a reason before rejecting', async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    renderRoute(paths.payments);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject DL-20261123-K7Q2MX' }));
    const dialog = await screen.findByRole('dialog');
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason the member will see'), 'No payment');
    expect(reject).toBeEnabled();
  });
});
