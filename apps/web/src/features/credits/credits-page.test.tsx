// The dealer's credits: the balance in the nav bar, the lead list's ending-soon notice, and the credits screen.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditsSummary, LedgerEntry } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { setCurrentUser } from '../../lib/session';
import { failedSideReads, http, HttpResponse, pagedJson, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const summary: CreditsSummary = {
  balance: 12,
  unlimitedUntil: null,
  packages: [
    {
      id: 7,
      packageName: 'Pro 50 Leads',
      packageType: 'Lead',
      credits: 50,
      balance: 12,
      startDate: '2026-10-01',
      endDate: '2026-11-25',
      live: true,
      endingSoon: true,
    },
  ],
};

const entries: LedgerEntry[] = [
  {
    id: 3,
    kind: 'unlock',
    amount: -1,
    balanceAfter: 12,
    userPackageId: 7,
    packageName: 'Pro 50 Leads',
    leadId: 41,
    leadTitle: '2019 Maruti Suzuki Swift',
    orderId: null,
    disputeId: null,
    reason: null,
    createdOn: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 1,
    kind: 'grant',
    amount: 13,
    balanceAfter: 13,
    userPackageId: 7,
    packageName: 'Pro 50 Leads',
    leadId: null,
    leadTitle: null,
    orderId: null,
    disputeId: null,
    reason: 'Package assigned',
    createdOn: '2026-10-01T10:00:00.000Z',
  },
];

const api = setupFakeApi(
  http.get('/api/me/credits', () => HttpResponse.json(summary)),
  http.get('/api/members/3/credits', () =>
    HttpResponse.json({
      ...summary,
      member: { id: 3, userName: 'ravi_motors', name: 'Ravi Motors' },
    }),
  ),
  http.get('/api/members/3/ledger', () => pagedJson(entries)),
  http.get('/api/me/ledger', () => pagedJson(entries)),
  http.get('/api/me/leads/follow-ups', () => HttpResponse.json({ dueToday: 0, overdue: 0 })),
  http.get('/api/leads', () => pagedJson([], { itemsPerPage: 60, totalPages: 0 })),
  ...failedSideReads,
);

beforeEach(() => {
  // The nav bar's extras wait for an idle browser; jsdom has no requestIdleCallback.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
});

const creditCalls = () => api.callsTo('GET', '/api/me/credits');

describe('credits', () => {
  it("shows a dealer's balance in the nav bar, linking to their credits", async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderRoute(paths.home);
    const balance = await screen.findByTestId('nav-balance');
    expect(balance).toHaveTextContent('12 credits');
    expect(balance).toHaveAttribute('href', paths.credits);
  });

  it('shows no balance to visitors and Admins, and asks nothing', async () => {
    renderRoute(paths.home);
    await screen.findByRole('link', { name: 'Sign in' });
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByTestId('nav-balance')).not.toBeInTheDocument();
    expect(creditCalls()).toEqual([]);
  });

  it('points out a package ending soon on the lead list', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderRoute(paths.leads);
    expect(
      await screen.findByText('Your package Pro 50 Leads ends on 25/11/2026 with 12 credits left.'),
    ).toBeVisible();
  });

  it("names the member whose credits an Admin is looking at, linking to the member's page", async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    renderRoute(paths.memberCredits(3));
    const member = await screen.findByTestId('credits-member');
    expect(member).toHaveTextContent('Ravi Motors (ravi_motors)');
    expect(within(member).getByRole('link', { name: 'Ravi Motors' })).toHaveAttribute(
      'href',
      paths.memberDetail('ravi_motors'),
    );
  });

  it('lists the balance, the packages and the history with lead links', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderRoute(paths.credits);
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('12 credits');
    const ledger = await screen.findByTestId('ledger');
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['-1', '12'],
      ['+13', '13'],
    ]);
    expect(
      within(rows[0]!).getByRole('link', { name: '2019 Maruti Suzuki Swift' }),
    ).toHaveAttribute('href', paths.leadDetail(41));
    expect(screen.getByText('Ends soon')).toBeInTheDocument();
  });
});
