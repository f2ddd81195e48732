// The Admin's disputes queue against the fake API: pending first with the lead, dealer, reason, note and the lead's
// other disputes; approve and reject with a note, the server's answer toasted; the status tabs.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDispute, DisputeDecisionResult } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const pending: AdminDispute = {
  id: 5,
  leadId: 70,
  leadTitle: '2019 Hyundai Creta',
  userId: 3,
  reason: 'wrong_number',
  note: 'Number not in service',
  status: 'pending',
  adminNote: null,
  unlockedOn: '2026-11-20T10:00:00.000Z',
  createdOn: '2026-11-21T10:00:00.000Z',
  decidedOn: null,
  refunded: false,
  dealerUserName: 'ravi.motors',
  dealerName: 'Ravi Motors',
  leadCity: 'Pune',
  leadActive: true,
  otherDisputes: [
    { id: 4, reason: 'not_owner', status: 'approved', dealerUserName: 'sharma.cars' },
  ],
};
const rejected: AdminDispute = {
  ...pending,
  id: 3,
  reason: 'unreachable',
  note: null,
  status: 'rejected',
  adminNote: 'The owner answered',
  otherDisputes: [],
};

function decision(approve: boolean) {
  const result: DisputeDecisionResult = {
    dispute: { ...pending, status: approve ? 'approved' : 'rejected' },
    refund: approve ? 'original' : 'none',
    leadDeactivated: false,
    message: approve ? 'Dispute approved: 1 credit refunded.' : 'Dispute rejected.',
  };
  return HttpResponse.json(result);
}

const api = setupFakeApi(
  http.put('/api/disputes/5/approve', () => decision(true)),
  http.put('/api/disputes/5/reject', () => decision(false)),
  http.get('/api/disputes', ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('status') === 'rejected'
        ? [rejected]
        : [pending, rejected],
      {
        headers: {
          Pagination: JSON.stringify({
            currentPage: 1,
            itemsPerPage: 25,
            totalItems: 2,
            totalPages: 1,
          }),
        },
      },
    ),
  ),
  http.get('/api/*', () => HttpResponse.json([])),
);

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
});

const puts = () => api.callsTo('PUT', '/api/').map(({ path, body }) => ({ url: path, body }));

describe('Disputes queue', () => {
  it("shows each dispute with the lead, the dealer, the problem and the lead's other disputes", async () => {
    renderRoute(paths.disputes);
    await screen.findByRole('heading', { name: 'Disputes' });
    const rows = await screen.findAllByTestId('dispute-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: '#70' })).toHaveAttribute('href', '/leads/70');
    expect(first).toHaveTextContent('2019 Hyundai Creta');
    expect(first).toHaveTextContent('Ravi Motors');
    expect(first).toHaveTextContent('Wrong number');
    expect(first).toHaveTextContent('Number not in service');
    expect(first).toHaveTextContent('Not the owner · Approved · sharma.cars');
    expect(first).toHaveTextContent('Under review');
    // A decided dispute shows its outcome and note, and no buttons.
    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('The owner answered');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("approves with a note and toasts the server's answer", async () => {
    const user = userEvent.setup();
    renderRoute(paths.disputes);
    await user.click(await screen.findByRole('button', { name: 'Approve dispute 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and refund: dispute 5' });
    await user.type(within(dialog).getByLabelText('Note to the dealer (optional)'), 'Checked it');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Dispute approved: 1 credit refunded.'),
    );
    expect(puts()).toEqual([{ url: '/api/disputes/5/approve', body: { note: 'Checked it' } }]);
  });

  it('rejects without a note, and filters by status', async () => {
    const user = userEvent.setup();
    renderRoute(paths.disputes);
    await user.click(await screen.findByRole('button', { name: 'Reject dispute 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the dispute: dispute 5' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Dispute rejected.'));
    expect(puts()).toEqual([{ url: '/api/disputes/5/reject', body: { note: '' } }]);

    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('dispute-row')).toHaveLength(1));
    expect(api.calls().map((call) => call.path)).toContain(
      '/api/disputes?status=rejected&pageNumber=1&pageSize=25',
    );
  });
});
