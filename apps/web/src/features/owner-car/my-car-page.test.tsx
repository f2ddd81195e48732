// The owner's private page against a stubbed API: the car, its status and unlock count, a new price (checked before
// it is sent), sold / withdrawn behind a confirmation, a closed listing without controls, and a link that is not valid.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiMessages,
  ownerMessages,
  type OwnerLead,
  type OwnerLeadUpdate,
} from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { apiError, failedSideReads, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const TOKEN = 'hV3q9XbT0wYk2LmNpR7sUe4AdFgJc6Zo1Ki8Bt5Wn_Q';
const LEAD_URL = `/api/owner/leads/${TOKEN}`;

const creta: OwnerLead = {
  id: 812,
  fullName: 'Suresh Nair',
  phoneNumber: '98xxxxxx10',
  city: 'Pune',
  brand: 'hyundai',
  model: 'Creta',
  year: 2019,
  fuelType: 'petrol',
  ownerName: 'first',
  transmission: 'manual',
  seats: 5,
  price: 800_000,
  createdOn: '2026-11-20T10:00:00.000Z',
  listingStatus: 'open',
  listed: true,
  expiresOn: '2027-01-19',
  unlockCount: 2,
  maxDealers: 5,
  phoneVerified: true,
  verifiedOn: '2026-11-20T10:00:00.000Z',
};

/** The owner's lead as the fake API holds it; PUTs change it like the real one does. */
let stored: OwnerLead | null;

const api = setupFakeApi(
  http.get(`${LEAD_URL}/photos`, () =>
    stored ? HttpResponse.json([]) : apiError(404, ownerMessages.notFound),
  ),
  http.all('/api/owner/leads/*', async ({ request }) => {
    if (new URL(request.url).pathname !== LEAD_URL || !stored)
      return apiError(404, ownerMessages.notFound);
    if (request.method === 'PUT') {
      const update = (await request.json()) as OwnerLeadUpdate;
      stored = {
        ...stored,
        ...(update.price !== undefined ? { price: update.price } : {}),
        ...(update.listingStatus
          ? { listingStatus: update.listingStatus, listed: false, expiresOn: null }
          : {}),
      };
    }
    return HttpResponse.json(stored);
  }),
  http.get('/api/price-guide', () =>
    HttpResponse.json({
      low: 420_000,
      median: 450_000,
      high: 480_000,
      comparables: 25,
      confidence: 'high',
    }),
  ),
  ...failedSideReads,
);

/** Every PUT of the owner's lead is refused as a closed listing. */
const refusePuts = () => api.use(http.put(LEAD_URL, () => apiError(400, ownerMessages.closed)));

beforeEach(() => {
  stored = { ...creta };
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

const calls = () =>
  api.calls().map((call) => ({
    url: call.path,
    method: call.method,
    body: call.body,
    authorization: call.headers.get('Authorization'),
  }));
const puts = () => calls().filter((c) => c.method === 'PUT');

function renderMyCar(token = TOKEN) {
  const view = renderRoute(paths.myCar(token));
  return { ...view, user: userEvent.setup() };
}

/** Types a price in place of the one shown and presses 'Save price'. */
async function savePrice(user: ReturnType<typeof userEvent.setup>, text: string) {
  const price = await screen.findByLabelText('Expected Price');
  await user.clear(price);
  await user.type(price, text);
  await user.click(screen.getByRole('button', { name: 'Save price' }));
  return price;
}

describe("the owner's page", () => {
  it('shows the car, its status, the unlock count and until when it stays listed', async () => {
    renderMyCar();
    expect(
      await screen.findByRole('heading', { name: '2019 Hyundai Creta', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Listed');
    expect(screen.getByTestId('unlock-count')).toHaveTextContent(
      '2 of 5 dealers have unlocked your number',
    );
    expect(screen.getByText(/Pune · ₹8,00,000 · listed Nov 20, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Your car stays on the list until Jan 19, 2027.')).toBeInTheDocument();
    expect(screen.getByLabelText('Expected Price')).toHaveValue('800000');
    expect(screen.getByRole('button', { name: 'Mark as sold' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('asks by the link alone: no bearer token even when a dealer is signed in on this browser', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' });
    renderMyCar();
    await screen.findByTestId('listing-status');
    await screen.findByTestId('photo-manager');
    const asked = calls().filter((c) => c.url.startsWith('/api/owner/'));
    expect(asked).toEqual([
      { url: LEAD_URL, method: 'GET', body: undefined, authorization: null },
      { url: `${LEAD_URL}/photos`, method: 'GET', body: undefined, authorization: null },
    ]);
  });

  it("says 'Waiting for a check' while moderation holds the car", async () => {
    stored = { ...creta, listed: false };
    renderMyCar();
    expect(await screen.findByTestId('listing-status')).toHaveTextContent('Waiting for a check');
  });

  it('refuses a price that is not a whole number of rupees, without asking the API', async () => {
    const { user } = renderMyCar();
    const price = await savePrice(user, 'eight lakh');
    expect(await screen.findByText(ownerMessages.price)).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(ownerMessages.price);
    await savePrice(user, '0');
    expect(screen.getByText(ownerMessages.price)).toBeVisible();
    expect(puts()).toEqual([]);
  });

  it('refuses a price over the largest the API takes, without asking it', async () => {
    const { user } = renderMyCar();
    await savePrice(user, '2000000000');
    expect(await screen.findByText(ownerMessages.priceTooLarge)).toBeVisible();
    expect(puts()).toEqual([]);
  });

  it('refuses a price outside what the car can fetch, naming the range, without asking the API', async () => {
    const { user } = renderMyCar();
    await savePrice(user, '50');
    expect(
      await screen.findByText(
        /^For a 2019 Hyundai Creta the price must be between ₹[\d,]+ and ₹25,00,000\.$/,
      ),
    ).toBeVisible();
    expect(puts()).toEqual([]);
  });

  it('shows the market guide for the car under the price', async () => {
    renderMyCar();
    expect(await screen.findByTestId('market-guide')).toHaveTextContent(
      'Cars like yours: ₹4.2–4.8 lakh',
    );
    const asked = calls().find((c) => c.url.startsWith('/api/price-guide'));
    expect(asked?.url).toBe(
      '/api/price-guide?brand=hyundai&model=Creta&year=2019&fuelType=petrol&transmission=manual',
    );
  });

  it('sends a new price in rupees and shows it at once, with a toast', async () => {
    const { user } = renderMyCar();
    const price = await screen.findByLabelText('Expected Price');
    // Unchanged, there is nothing to save.
    expect(screen.getByRole('button', { name: 'Save price' })).toBeDisabled();
    await user.clear(price);
    await user.type(price, '7,50,000');
    expect(screen.getByText('₹7,50,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(ownerMessages.priceSaved));
    expect(puts()).toEqual([
      { url: LEAD_URL, method: 'PUT', body: { price: 750_000 }, authorization: null },
    ]);
    expect(await screen.findByText(/Pune · ₹7,50,000 · listed/)).toBeInTheDocument();
    expect(screen.getByLabelText('Expected Price')).toHaveValue('750000');
    expect(screen.getByRole('button', { name: 'Save price' })).toBeDisabled();
  });

  it("shows the API's refusal under the price (the listing was closed in another tab)", async () => {
    refusePuts();
    const { user } = renderMyCar();
    await savePrice(user, '750000');
    expect(await screen.findByText(ownerMessages.closed)).toBeVisible();
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByText(/Pune · ₹8,00,000 · listed/)).toBeInTheDocument();
  });

  it('marks the car sold only after the confirmation, then shows it closed without controls', async () => {
    const { user } = renderMyCar();
    await user.click(await screen.findByRole('button', { name: 'Mark as sold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark your car as sold?' });
    expect(dialog).toHaveTextContent('Dealers will no longer see your car or call you about it.');
    expect(puts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(ownerMessages.markedSold));
    expect(puts()).toEqual([
      { url: LEAD_URL, method: 'PUT', body: { listingStatus: 'sold' }, authorization: null },
    ]);
    expect(await screen.findByTestId('listing-status')).toHaveTextContent('Sold');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Expected Price')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as sold' })).not.toBeInTheDocument();
    expect(screen.getByText(/This listing is closed/)).toBeInTheDocument();
  });

  it('withdraws after the confirmation; cancelling first sends nothing', async () => {
    const { user } = renderMyCar();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw your car?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toEqual([]);
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Listed');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw your car?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(ownerMessages.markedWithdrawn));
    expect(puts().map((c) => c.body)).toEqual([{ listingStatus: 'withdrawn' }]);
    expect(await screen.findByTestId('listing-status')).toHaveTextContent('Withdrawn');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it("toasts the API's refusal to close, and keeps the controls", async () => {
    refusePuts();
    const { user } = renderMyCar();
    await user.click(await screen.findByRole('button', { name: 'Mark as sold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark your car as sold?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(ownerMessages.closed));
    expect(notify.success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Listed');
  });

  it.each([
    ['sold', 'Sold'],
    ['withdrawn', 'Withdrawn'],
    ['expired', 'Expired'],
  ] as const)(
    'shows a %s listing closed, with no price field or buttons',
    async (status, label) => {
      stored = { ...creta, listingStatus: status, listed: false, expiresOn: null };
      renderMyCar();
      expect(await screen.findByTestId('listing-status')).toHaveTextContent(label);
      expect(
        screen.getByText(/This listing is closed: dealers no longer see your car/),
      ).toBeVisible();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Save price|Mark as sold|Withdraw/ })).toBeNull();
      expect(screen.queryByText(/stays on the list until/)).not.toBeInTheDocument();
    },
  );

  it('says the link is not valid for an unknown token, on the page itself', async () => {
    const { router } = renderMyCar('A'.repeat(43));
    expect(await screen.findByRole('alert')).toHaveTextContent(ownerMessages.notFound);
    expect(router.state.location.pathname).toBe(paths.myCar('A'.repeat(43)));
    expect(screen.queryByLabelText('Expected Price')).not.toBeInTheDocument();
  });

  it("shows the API's text for other refusals (too many tries)", async () => {
    api.use(http.all('/api/*', () => apiError(429, apiMessages.tooManyRequests)));
    renderMyCar();
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.tooManyRequests);
  });
});
