// The purchase popup with and without UPI: Buy places an order, shows the QR code with its text alternative and the
// UTR field, then 'Payment submitted'; without UPI the popup keeps the WhatsApp route.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  creditFlowMessages,
  orderMessages,
  type CreatedOrder,
  type CurrentUser,
  type OrdersConfig,
} from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import {
  apiError,
  failedSideReads,
  http,
  HttpResponse,
  pagedJson,
  setupFakeApi,
} from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { makeLead, pricePackages } from './testing';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' };
const lead = makeLead({ id: 7 });
const upiOn: OrdersConfig = {
  upiEnabled: true,
  payeeVpa: 'dealerleads@okaxis',
  payeeName: 'DealerLeads',
};
const order: CreatedOrder = {
  id: 31,
  reference: 'DL-20261123-K7Q2MX',
  userId: 2,
  userName: 'dealer',
  packageId: pricePackages[0]!.id,
  packageName: pricePackages[0]!.packageName,
  packageType: 'Lead',
  credits: 10,
  unit: 'Leads',
  validityDays: 30,
  amount: 999,
  status: 'pending',
  utr: null,
  adminNote: null,
  createdOn: '2026-11-23T10:00:00.000Z',
  expiresOn: '2026-11-25T10:00:00.000Z',
  decidedOn: null,
  userPackageId: null,
  upiUri: 'upi://pay?pa=dealerleads@okaxis&pn=DealerLeads&am=999.00&cu=INR&tn=DL-20261123-K7Q2MX',
};

/** The price list the stubbed API answers (a test may add a free trial). */
let packagesAnswer = pricePackages;

beforeEach(() => {
  packagesAnswer = pricePackages;
  vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser(dealer);
});

const api = setupFakeApi(
  http.get('/api/leads/7', () => HttpResponse.json(lead)),
  http.post('/api/leads/7/unlock', () => apiError(400, creditFlowMessages.noActivePackage)),
  http.get('/api/packages', () => pagedJson(packagesAnswer)),
  http.post('/api/orders', () => HttpResponse.json(order)),
  http.put('/api/orders/31/utr', () => HttpResponse.json({ ...order, utr: '123456789012' })),
  http.get('/api/me/credits', () =>
    HttpResponse.json({ balance: 0, unlimitedUntil: null, packages: [] }),
  ),
  ...failedSideReads,
);

/** Answers the payment settings (UPI on or off). */
function ordersConfig(config: OrdersConfig) {
  api.use(http.get('/api/orders/config', () => HttpResponse.json(config)));
}

async function openPopup() {
  renderRoute(paths.leadDetail(7));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Unlock contact/ }));
  return { user, popup: await screen.findByRole('dialog', { name: 'Buy a Package' }) };
}

describe('the purchase popup', () => {
  it("offers the free trial as 'Ask for it' on WhatsApp, keeping Buy for what places an order", async () => {
    const trial = {
      ...pricePackages[0]!,
      id: 9,
      packageName: 'Free Trial',
      packagePrice: 0,
    };
    packagesAnswer = [trial, ...pricePackages];
    ordersConfig(upiOn);
    const { popup } = await openPopup();
    const ask = await within(popup).findByRole('link', { name: 'Ask for Free Trial on WhatsApp' });
    expect(ask).toHaveTextContent(/^Ask for it$/);
    expect(ask.getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(within(popup).queryByRole('link', { name: /^Buy Free Trial/ })).toBeNull();
    expect(
      within(popup).getByRole('button', { name: 'Buy Starter 10 Leads by UPI' }),
    ).toHaveTextContent('Buy');
  });

  it('buys a package by UPI: the order, its QR code with the UPI id, amount and reference, then the UTR', async () => {
    ordersConfig(upiOn);
    const { user, popup } = await openPopup();
    await user.click(
      await within(popup).findByRole('button', { name: 'Buy Starter 10 Leads by UPI' }),
    );
    expect(await within(popup).findByTestId('upi-qr')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(popup).getByTestId('upi-vpa')).toHaveTextContent('dealerleads@okaxis');
    expect(within(popup).getByTestId('upi-amount')).toHaveTextContent('₹999');
    expect(within(popup).getByTestId('upi-reference')).toHaveTextContent('DL-20261123-K7Q2MX');
    expect(within(popup).getByRole('link', { name: 'Open UPI app' })).toHaveAttribute(
      'href',
      order.upiUri,
    );
    const utr = within(popup).getByLabelText(/UTR/);
    await user.type(utr, '12345');
    await user.click(within(popup).getByRole('button', { name: 'I have paid' }));
    expect(await within(popup).findByText(orderMessages.utrFormat)).toBeVisible();
    await user.clear(utr);
    await user.type(utr, '123456789012');
    await user.click(within(popup).getByRole('button', { name: 'I have paid' }));
    // Said once: the heading, then what happens next (not 'Payment submitted' twice).
    const submitted = await within(popup).findByTestId('payment-submitted');
    expect(submitted).toHaveTextContent(
      /^Payment submittedWe will add the credits once we see your payment\.Reference/,
    );
    expect(submitted.textContent?.match(/Payment submitted/g)).toHaveLength(1);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/orders/31/utr').map((call) => call.body)).toEqual([
        { utr: '123456789012' },
      ]),
    );
  });

  it('keeps the WhatsApp route without UPI', async () => {
    ordersConfig({ upiEnabled: false, payeeVpa: null, payeeName: null });
    const { popup } = await openPopup();
    const buy = await within(popup).findByRole('link', {
      name: 'Buy Starter 10 Leads on WhatsApp',
    });
    expect(buy.getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    await waitFor(() => expect(api.callsTo('GET', '/api/orders/config')).toHaveLength(1));
    expect(within(popup).queryByRole('button', { name: /by UPI/ })).not.toBeInTheDocument();
    expect(
      within(popup).getByText(
        'Each unlock uses 1 credit from an active package. Message us on WhatsApp to buy one.',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0);
  });
});
