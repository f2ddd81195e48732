// The Admin's moderation queue against the fake API (test/fake-api.ts) that keeps its own state: flagged leads with why, approve,
// deactivate with a required reason, the status tabs, paging (also when a decision empties the last page) and the
// empty queue.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModerationDecision, ModerationItem } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { setLanguage } from '../../i18n/runtime';
import { renderRoute } from '../../test/render-route';
import { moderationTexts } from './moderation-page';

const repeated: ModerationItem = {
  id: 4107,
  fullName: 'Suresh Nair',
  phoneNumber: '9810012345',
  city: 'Gurugram',
  brand: 'maruti_suzuki',
  model: 'Swift',
  year: 2020,
  price: 650_000,
  createdOn: '2026-11-22T09:30:00.000Z',
  moderationStatus: 'flagged',
  flags: ['repeated_phone'],
  phoneSubmissions: 3,
  note: null,
  status: false,
};
const madeUp: ModerationItem = {
  ...repeated,
  id: 4106,
  fullName: 'Test Test',
  phoneNumber: '9999999999',
  brand: 'hyundai',
  model: 'Creta',
  year: 2019,
  price: 1_050_000,
  createdOn: '2026-11-21T09:30:00.000Z',
  flags: ['repeated_phone', 'fake_phone'],
  phoneSubmissions: 4,
};
const rejected: ModerationItem = {
  ...repeated,
  id: 3990,
  fullName: 'Anil Rao',
  moderationStatus: 'rejected',
  note: 'Dealer posing as owner',
};

/** The queue as the fake API holds it, newest first; decisions change it like the real one does. */
let stored: ModerationItem[];
let decisionFailure: Response | null;

function list(url: URL): Response {
  const status = url.searchParams.get('status') ?? 'flagged';
  const pageNumber = Number(url.searchParams.get('pageNumber') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const matching = stored.filter((item) => item.moderationStatus === status);
  return HttpResponse.json(matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize), {
    headers: {
      Pagination: JSON.stringify({
        currentPage: pageNumber,
        itemsPerPage: pageSize,
        totalItems: matching.length,
        totalPages: Math.ceil(matching.length / pageSize),
      }),
    },
  });
}

async function decide(id: number, request: Request, approve: boolean): Promise<Response> {
  const item = stored.find((i) => i.id === id);
  if (!item) return apiError(404, 'Lead not found');
  if (decisionFailure) return decisionFailure;
  const decided: ModerationItem = approve
    ? { ...item, moderationStatus: 'approved', status: true }
    : {
        ...item,
        moderationStatus: 'rejected',
        note: ((await request.json()) as ModerationDecision).reason,
      };
  stored = stored.map((i) => (i.id === id ? decided : i));
  return HttpResponse.json(decided);
}

const api = setupFakeApi(
  http.get('/api/moderation', ({ request }) => list(new URL(request.url))),
  http.put('/api/moderation/:id/:decision', ({ request, params }) =>
    decide(Number(params.id), request, params.decision === 'approve'),
  ),
);

beforeEach(() => {
  stored = [repeated, madeUp, rejected];
  decisionFailure = null;
  // The nav bar's extras wait for an idle browser; jsdom has no requestIdleCallback.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser({ id: 1, username: 'admin', token: 'admin-token', role: 'Admin' });
});

const calls = () =>
  api
    .calls()
    .map(({ path, method, body }) => ({ url: path, method, body }))
    .filter((c) => c.url.startsWith('/api/moderation'));
const decisions = () => calls().filter((c) => c.method === 'PUT');
const rows = () => screen.queryAllByTestId('moderation-row');
const rowOf = async (id: number) =>
  (await screen.findByRole('link', { name: `#${id}` })).closest('tr') as HTMLElement;

function renderQueue() {
  const view = renderRoute(paths.moderation);
  return { ...view, user: userEvent.setup() };
}

describe('the reasons a lead was flagged', () => {
  const suspicious: ModerationItem = {
    ...repeated,
    id: 4200,
    flags: ['price_off_market', 'fast_fill', 'busy_ip'],
  };

  it('names every flag, in English and in Hindi', async () => {
    stored = [suspicious];
    renderQueue();
    const row = await rowOf(4200);
    for (const text of [
      'Price outside the market guide',
      'Form filled in under 20 seconds',
      'Many leads from one network in 24 hours',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    await setLanguage('hi');
    try {
      expect(await within(row).findByText('फ़ॉर्म 20 सेकंड से कम में भरा गया')).toBeInTheDocument();
      expect(within(row).getByText('24 घंटों में एक ही नेटवर्क से कई लीड')).toBeInTheDocument();
      expect(within(row).getByText('कीमत बाज़ार गाइड की सीमा से बाहर')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the moderation queue', () => {
  it('lists the flagged leads with the owner, full phone, car, why, and the actions', async () => {
    renderQueue();
    const row = await rowOf(4107);
    expect(rows()).toHaveLength(2);
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '#4107',
      'Suresh Nair9810012345',
      '2020 Maruti Suzuki SwiftGurugram · ₹6,50,000',
      'Nov 22, 2026',
      'Phone submitted 3 times in 30 days',
      'Held',
    ]);
    expect(within(row).getByRole('link', { name: '#4107' })).toHaveAttribute(
      'href',
      paths.leadDetail(4107),
    );
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    const both = await rowOf(4106);
    expect(within(both).getByText('Phone submitted 4 times in 30 days')).toBeInTheDocument();
    expect(within(both).getByText('Phone looks made up')).toBeInTheDocument();
    expect(calls()).toEqual([
      {
        url: '/api/moderation?status=flagged&pageNumber=1&pageSize=20',
        method: 'GET',
        body: undefined,
      },
    ]);
    expect(api.calls()[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('approves a lead: one PUT, a toast, and the row leaves the queue', async () => {
    const { user } = renderQueue();
    await user.click(within(await rowOf(4107)).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(moderationTexts.approved));
    expect(decisions()).toEqual([
      { url: '/api/moderation/4107/approve', method: 'PUT', body: undefined },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('link', { name: '#4107' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#4106' })).toBeInTheDocument();
  });

  it("deactivates only with a reason ('Give a reason'), and sends it", async () => {
    const { user } = renderQueue();
    await user.click(within(await rowOf(4106)).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate lead 4106' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText('Give a reason')).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    // Spaces are no reason either.
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText('Give a reason')).toBeVisible();
    expect(decisions()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Made-up number, no such owner ');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(moderationTexts.deactivated));
    expect(decisions()).toEqual([
      {
        url: '/api/moderation/4106/deactivate',
        method: 'PUT',
        body: { reason: 'Made-up number, no such owner' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('link', { name: '#4106' })).not.toBeInTheDocument();
  });

  it('cancelling the reason sends nothing, and the next lead starts with an empty reason', async () => {
    const { user } = renderQueue();
    await user.click(within(await rowOf(4106)).getByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate lead 4106' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Half typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf(4107)).getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate lead 4107' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('');
    expect(decisions()).toEqual([]);
  });

  it("toasts the API's refusal and keeps the row", async () => {
    decisionFailure = apiError(400, 'This lead was already decided');
    const { user } = renderQueue();
    await user.click(within(await rowOf(4107)).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('This lead was already decided'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);
  });

  it('shows the deactivated leads with their reason, and no actions', async () => {
    const { user } = renderQueue();
    await rowOf(4107);
    await user.click(screen.getByRole('button', { name: 'Deactivated' }));
    const row = await rowOf(3990);
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Deactivated' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByRole('columnheader').at(5)).toHaveTextContent('Reason');
    expect(within(row).getByText('Dealer posing as owner')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(calls().at(-1)?.url).toBe('/api/moderation?status=rejected&pageNumber=1&pageSize=20');
  });

  it('shows an approved lead as on the list', async () => {
    stored = [{ ...repeated, moderationStatus: 'approved', status: true }];
    const { user } = renderQueue();
    expect(await screen.findByText(moderationTexts.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    const row = await rowOf(4107);
    expect(within(row).getByText('On the list')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when nothing waits, with no pager', async () => {
    stored = [rejected];
    renderQueue();
    expect(await screen.findByText(moderationTexts.empty)).toBeInTheDocument();
    expect(rows()).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('says what an empty Approved tab holds, not that nothing waits', async () => {
    stored = [rejected];
    const { user } = renderQueue();
    await screen.findByText(moderationTexts.empty);
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    expect(await screen.findByText(moderationTexts.emptyApproved)).toBeInTheDocument();
    expect(screen.queryByText(moderationTexts.empty)).not.toBeInTheDocument();
  });

  it('pages through a long queue; a tab starts again at page 1', async () => {
    stored = Array.from({ length: 25 }, (_, i) => ({ ...repeated, id: 5000 - i }));
    const { user } = renderQueue();
    await rowOf(5000);
    expect(rows()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await rowOf(4980);
    expect(rows()).toHaveLength(5);
    expect(calls().at(-1)?.url).toBe('/api/moderation?status=flagged&pageNumber=2&pageSize=20');
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() =>
      expect(calls().at(-1)?.url).toBe('/api/moderation?status=approved&pageNumber=1&pageSize=20'),
    );
  });

  it('goes back a page when a decision empties the last one', async () => {
    stored = Array.from({ length: 21 }, (_, i) => ({ ...repeated, id: 5000 - i }));
    const { user } = renderQueue();
    await rowOf(5000);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    await user.click(within(await rowOf(4980)).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(moderationTexts.approved));
    // Page 1 again, with its 20 leads: not an empty page 2 that claims nothing is waiting.
    await rowOf(5000);
    expect(rows()).toHaveLength(20);
    expect(screen.queryByText(moderationTexts.empty)).not.toBeInTheDocument();
    expect(calls().at(-1)?.url).toBe('/api/moderation?status=flagged&pageNumber=1&pageSize=20');
  });
});
