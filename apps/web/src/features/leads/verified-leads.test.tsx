// Verified numbers on the lead screens against the fake API (test/fake-api.ts), which filters as the real one does: the
// badge on cards and the detail, with its full text for screen readers, and the "Verified numbers only" switch kept in
// the URL like every other filter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { setCurrentUser } from '../../lib/session';
import { http, HttpResponse, pagedJson, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { formatLeadDate } from './lead-format';
import { leadsJson, makeLead, pricePackages } from './testing';

const proven = makeLead({
  id: 201,
  brand: 'hyundai',
  model: 'Creta',
  phoneVerified: true,
  verifiedOn: '2026-11-20T10:00:00.000Z',
});
const unproven = makeLead({ id: 202, brand: 'tata', model: 'Nexon' });

const api = setupFakeApi(
  http.get('/api/leads', ({ request }) => {
    const verifiedOnly = new URL(request.url).searchParams.get('verified') === 'true';
    const leads = [proven, unproven].filter((lead) => !verifiedOnly || lead.phoneVerified);
    return leadsJson(leads);
  }),
  http.get('/api/leads/:id', ({ params }) =>
    HttpResponse.json([proven, unproven].find((lead) => lead.id === Number(params.id))),
  ),
  http.get('/api/packages', () => pagedJson(pricePackages)),
  // What the nav bar and the detail ask for besides the leads: nothing to show.
  http.get('/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
  http.get('/api/me/events', () => HttpResponse.json({ unread: 0, items: [] })),
  http.get('/api/me/leads/follow-ups', () => HttpResponse.json({ dueToday: 0, overdue: 0 })),
  http.get('/api/price-guide', () => HttpResponse.json(null, { status: 404 })),
  http.get('/api/me/credits', () =>
    HttpResponse.json({ balance: 5, unlimitedUntil: null, packages: [] }),
  ),
  http.get('/api/saved-searches', () => HttpResponse.json([])),
  http.get('/api/notifications', () => HttpResponse.json([])),
);

beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  setCurrentUser({ id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' });
});

const card = (name: string) => screen.findByRole('article', { name });
const leadQueries = () =>
  api
    .callsTo('GET', '/api/leads?')
    .map((call) => Object.fromEntries(new URL(call.path, 'http://localhost').searchParams));

describe('verified numbers', () => {
  it('shows a Verified badge, with its icon and full text, only on cards of proven numbers', async () => {
    renderRoute(paths.leads);
    const creta = await card('Hyundai Creta');
    const badge = within(creta).getByTestId('verified-badge');
    expect(badge).toHaveAttribute('title', 'Mobile number verified by OTP');
    expect(within(badge).getByText('Verified')).toHaveAttribute('aria-hidden', 'true');
    expect(within(badge).getByText('Mobile number verified by OTP')).toHaveClass('visually-hidden');
    expect(badge.querySelector('.bi-patch-check-fill')).toHaveAttribute('aria-hidden', 'true');
    // The badge is proof the number is real, not the number: it stays masked behind the lock.
    expect(creta).toHaveTextContent(`+91 ${proven.phoneNumber}`);
    expect(within(creta).getByRole('button', { name: /Unlock contact/ })).toBeInTheDocument();
    expect(within(await card('Tata Nexon')).queryByTestId('verified-badge')).toBeNull();
  });

  it('asks for verified=true from the "Verified numbers only" switch, keeps it in the URL and as a chip', async () => {
    const { router } = renderRoute(`${paths.leads}?city=Noida`);
    await card('Tata Nexon');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    const verified = within(panel).getByRole('switch', { name: 'Verified numbers only' });
    expect(verified).not.toBeChecked();

    await user.click(verified);
    await waitFor(() => expect(router.state.location.search).toBe('?city=Noida&verified=true'));
    expect(verified).toBeChecked();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tata Nexon' })).toBeNull());
    expect(await card('Hyundai Creta')).toBeInTheDocument();
    expect(leadQueries().at(-1)).toMatchObject({ city: 'Noida', verified: 'true' });
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Verified numbers only');

    await user.click(verified);
    await waitFor(() => expect(router.state.location.search).toBe('?city=Noida'));
    expect(await card('Tata Nexon')).toBeInTheDocument();
    expect(verified).not.toBeChecked();
  });

  it('opens a shared link with the filter on', async () => {
    renderRoute(`${paths.leads}?verified=true`);
    await card('Hyundai Creta');
    expect(screen.queryByRole('article', { name: 'Tata Nexon' })).toBeNull();
    expect(leadQueries()[0]).toMatchObject({ verified: 'true' });
  });

  it('ignores verified=yes from a hand-made link', async () => {
    renderRoute(`${paths.leads}?verified=yes`);
    await card('Tata Nexon');
    expect(leadQueries()[0]).not.toHaveProperty('verified');
  });

  it('shows the badge and the day the number was proven on the detail; neither for an unproven number', async () => {
    renderRoute(paths.leadDetail(proven.id));
    const badge = await screen.findByTestId('verified-badge');
    expect(badge).toHaveAttribute('title', 'Mobile number verified by OTP');
    expect(screen.getByTestId('lead-phone')).toHaveTextContent(proven.phoneNumber);
    expect(screen.getByTestId('lead-verified-on')).toHaveTextContent(
      formatLeadDate(proven.verifiedOn!),
    );
    expect(screen.getByText('Verified on')).toBeInTheDocument();
  });

  it('shows no badge and no verification day for an unproven number', async () => {
    renderRoute(paths.leadDetail(unproven.id));
    expect(await screen.findByTestId('lead-phone')).toHaveTextContent(unproven.phoneNumber);
    expect(screen.queryByTestId('verified-badge')).toBeNull();
    expect(screen.queryByTestId('lead-verified-on')).toBeNull();
  });
});
