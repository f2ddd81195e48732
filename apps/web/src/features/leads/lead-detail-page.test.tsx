// Lead detail: the three cards of docs/screens.md, the masked phone and its unlock, and the way back on a bad id or a failed load.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creditFlowMessages, type CurrentUser } from '@dealerleads/shared';
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
import { formatLeadDate } from './lead-format';
import { leadsJson, makeLead, pricePackages } from './testing';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' };
const lead = makeLead({ id: 7 });

const api = setupFakeApi(
  http.get('/api/leads/7', () => HttpResponse.json(lead)),
  http.get('/api/leads', () => leadsJson([])),
  ...failedSideReads,
);

let errorToast: ReturnType<typeof vi.spyOn>;
let successToast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorToast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  successToast = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
});

/** The value shown beside a label inside one card. */
function field(cardName: string, label: string) {
  const card = screen.getByRole('region', { name: cardName });
  const row = within(card).getByText(label, { selector: 'dt' }).closest('div');
  return row?.querySelector('dd')?.textContent ?? '';
}

describe('lead detail', () => {
  it("shows Lead Information, Car Specifications and the catalogue's facts (no made-up specifications)", async () => {
    renderRoute(paths.leadDetail(7));
    expect(await screen.findByRole('heading', { name: 'Lead Details' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Lead Information' });
    expect(screen.getByTestId('lead-title')).toHaveTextContent('Maruti Suzuki Swift VXi (2019)');

    expect(field('Lead Information', 'Full Name')).toBe('Rahul Verma');
    expect(field('Lead Information', 'Phone Number')).toContain('XXXXXXX210');
    expect(field('Lead Information', 'Ownership')).toBe('First Owner');
    expect(field('Lead Information', 'City')).toBe('Noida');
    expect(field('Lead Information', 'RTO')).toBe('UP');
    expect(field('Lead Information', 'Price')).toBe('₹5,25,000');
    expect(field('Lead Information', 'Status')).toBe('Active');
    expect(field('Lead Information', 'Created On')).toBe(formatLeadDate(lead.createdOn));

    expect(field('Car Specifications', 'Brand')).toBe('Maruti Suzuki');
    expect(field('Car Specifications', 'Model')).toBe('Swift');
    expect(field('Car Specifications', 'Variant')).toBe('VXi');
    expect(field('Car Specifications', 'Year')).toBe('2019');
    expect(field('Car Specifications', 'Transmission')).toBe('Manual');
    expect(field('Car Specifications', 'Fuel Type')).toBe('Petrol');
    expect(field('Car Specifications', 'Seats')).toBe('5 Seater');
    expect(field('Car Specifications', 'Kilometers Driven')).toBe('42,000 km');

    expect(field('About the Maruti Suzuki Swift', 'Body')).toBe('Hatchback');
    expect(screen.queryByRole('region', { name: 'Manufacturer Specifications' })).toBeNull();

    const back = screen.getAllByRole('link', { name: 'Back to Leads' });
    expect(back).toHaveLength(2);
    for (const link of back) expect(link).toHaveAttribute('href', paths.leads);
  });

  it('shows an Inactive badge', async () => {
    api.use(http.get('/api/leads/7', () => HttpResponse.json({ ...lead, status: false })));
    renderRoute(paths.leadDetail(7));
    await screen.findByRole('region', { name: 'Lead Information' });
    expect(field('Lead Information', 'Status')).toBe('Inactive');
  });

  it('says how many dealers unlocked it; sold out, the note stands where the unlock button was', async () => {
    api.use(
      http.get('/api/leads/7', () => HttpResponse.json({ ...lead, unlockCount: 3, maxDealers: 3 })),
    );
    renderRoute(paths.leadDetail(7));
    await screen.findByRole('region', { name: 'Lead Information' });
    expect(field('Lead Information', 'Dealers')).toBe('3 of 3 dealers unlockedSold out');
    expect(screen.getByTestId('sold-out-note')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unlock contact/ })).not.toBeInTheDocument();
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    "turns away the id %j with 'Invalid lead ID' before any call",
    async (id) => {
      const { router } = renderRoute(`/leads/${id}`);
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.leads));
      expect(errorToast).toHaveBeenCalledWith('Invalid lead ID');
      expect(api.callsTo('GET', '/api/leads/')).toHaveLength(0);
    },
  );

  it("returns to the list with the server's text when the lead cannot load", async () => {
    api.use(http.get('/api/leads/7', () => apiError(404, 'Lead not found')));
    const { router } = renderRoute(paths.leadDetail(7));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.leads));
    expect(errorToast).toHaveBeenCalledWith('Lead not found');
  });

  it('offers a visitor the purchase popup, which leads to the login page', async () => {
    api.use(http.get('/api/packages', () => pagedJson(pricePackages)));
    const { router } = renderRoute(paths.leadDetail(7));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Unlock contact/ }));
    const popup = await screen.findByRole('dialog', { name: 'Buy a Package' });
    await user.click(within(popup).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });

  it('unlocks for a dealer with the same flow, then shows the full number with +91 links', async () => {
    setCurrentUser(dealer);
    api.use(
      http.post('/api/leads/7/unlock', () =>
        HttpResponse.json({
          lead: { ...lead, phoneNumber: '9876543210', unlocked: true },
          charged: true,
          creditsRemaining: 12,
        }),
      ),
    );
    renderRoute(paths.leadDetail(7));
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Unlock contact/ }));
    await waitFor(() =>
      expect(successToast).toHaveBeenCalledWith(creditFlowMessages.success(12), undefined),
    );
    expect(await screen.findByTestId('lead-phone')).toHaveTextContent('9876543210');
    expect(screen.getByRole('link', { name: 'Call +91 9876543210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    const whatsApp = screen.getByRole('link', { name: 'WhatsApp +91 9876543210' });
    expect(new URL(whatsApp.getAttribute('href')!).searchParams.get('text')).toBe(
      `Hello, I saw your ${lead.year} Maruti Suzuki Swift on DealerLeads. Is it still available?`,
    );
    expect(screen.queryByRole('button', { name: /^Unlock contact/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/leads/7')).toHaveLength(1);
  });

  it('keeps the list it came from for Back to Leads', async () => {
    api.use(http.get('/api/leads', () => leadsJson([lead], { totalItems: 200, currentPage: 2 })));
    const { router } = renderRoute(`${paths.leads}?brand=maruti_suzuki&page=2`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Maruti Suzuki Swift' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.leadDetail(7)));
    const [top] = await screen.findAllByRole('link', { name: 'Back to Leads' });
    expect(top).toHaveAttribute('href', `${paths.leads}?brand=maruti_suzuki&page=2`);
  });
});
