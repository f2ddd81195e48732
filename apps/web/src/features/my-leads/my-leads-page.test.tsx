// My Leads against a stubbed API: the worked leads with call and WhatsApp links naming the car, inline stage and
// follow-up changes, filters sent under the API's names, and the nav badge of follow-ups due today.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { disputeMessages, type MyLead } from '@dealerleads/shared';
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
import { whatsAppMessage } from './my-lead-format';

const creta: MyLead = {
  leadId: 7,
  fullName: 'Ravi Kumar',
  phoneNumber: '9876543210',
  city: 'Pune',
  brand: 'hyundai',
  model: 'Creta',
  varient: null,
  year: 2019,
  fuelType: 'petrol',
  transmission: 'manual',
  price: 1_050_000,
  kmDriven: null,
  listingStatus: 'open',
  unlockedOn: '2026-11-20T10:00:00.000Z',
  stage: 'new',
  followUpOn: null,
  lastNote: 'Owner wants ₹10 lakh',
  lastNoteOn: '2026-11-20T11:00:00.000Z',
  dispute: null,
  // Still open to a report: the window ends tomorrow.
  disputableUntil: new Date(Date.now() + 86_400_000).toISOString(),
  phoneVerified: true,
  verifiedOn: '2026-11-20T10:00:00.000Z',
};

/** What the fake API lists (a test may set its own). */
let listed: MyLead[] = [creta];

const api = setupFakeApi(
  http.get('/api/me/leads/follow-ups', () => HttpResponse.json({ dueToday: 2, overdue: 1 })),
  http.put('/api/me/leads/7', async ({ request }) =>
    HttpResponse.json({ ...creta, ...((await request.json()) as Partial<MyLead>) }),
  ),
  http.post('/api/leads/7/disputes', () => HttpResponse.json({ id: 41 }, { status: 201 })),
  http.get('/api/me/leads', () => pagedJson(listed)),
  ...failedSideReads,
);

beforeEach(() => {
  listed = [creta];
  // jsdom has no idle callbacks; the nav badge waits for one.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
});

const calls = () =>
  api.calls().map((call) => ({ url: call.path, method: call.method, body: call.body }));

describe('My Leads', () => {
  it('names the car in the WhatsApp message', () => {
    expect(whatsAppMessage(creta)).toBe(
      "Hi, I'm calling about your 2019 Hyundai Creta listed on DealerLeads…",
    );
  });

  it('shows each unlocked lead with call and WhatsApp links, the last note and the nav badge', async () => {
    renderRoute(paths.myLeads);
    const card = await screen.findByRole('article', { name: '2019 Hyundai Creta, Ravi Kumar' });
    expect(within(card).getByRole('link', { name: 'Call +91 9876543210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    const whatsapp = within(card).getByRole('link', { name: 'WhatsApp +91 9876543210' });
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      whatsAppMessage(creta),
    );
    expect(within(card).getByText('₹10,50,000')).toBeInTheDocument();
    // The title leads to the lead's page (km, fuel, variant).
    expect(within(card).getByRole('link', { name: '2019 Hyundai Creta' })).toHaveAttribute(
      'href',
      paths.leadDetail(7),
    );
    expect(within(card).getByTestId('last-note')).toHaveTextContent('Owner wants ₹10 lakh');
    expect(await screen.findByTestId('follow-up-badge')).toHaveTextContent('2');
    expect(
      screen.getByRole('link', { name: 'My Leads: 2 follow-ups due today, 1 overdue' }),
    ).toHaveAttribute('href', `${paths.myLeads}?due=today`);
  });

  it.each([
    ['?due=overdue', 'No follow-ups are overdue.'],
    ['?due=today', 'No follow-ups are due today.'],
    ['?stage=inspection', 'No leads at the stage "Inspection".'],
    ['?q=zz', 'No leads match your search.'],
    ['', 'No leads here yet: leads you unlock appear in My Leads.'],
  ])('says why the view %s is empty', async (search, text) => {
    listed = [];
    renderRoute(`${paths.myLeads}${search}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('marks a car its owner sold or withdrew, and nothing on one still on offer', async () => {
    listed = [
      { ...creta, listingStatus: 'sold' },
      { ...creta, leadId: 8, fullName: 'Sita Rao', listingStatus: 'withdrawn' },
      { ...creta, leadId: 9, fullName: 'Open Owner' },
    ];
    renderRoute(paths.myLeads);
    const sold = await screen.findByRole('article', { name: '2019 Hyundai Creta, Ravi Kumar' });
    expect(within(sold).getByRole('heading')).toHaveTextContent('2019 Hyundai CretaSold');
    const withdrawn = screen.getByRole('article', { name: '2019 Hyundai Creta, Sita Rao' });
    expect(within(withdrawn).getByRole('heading')).toHaveTextContent('2019 Hyundai CretaWithdrawn');
    const open = screen.getByRole('article', { name: '2019 Hyundai Creta, Open Owner' });
    expect(within(open).getByRole('heading')).toHaveTextContent(/^2019 Hyundai Creta$/);
  });

  it('changes the stage and the follow-up inline, and sends filters under the API names', async () => {
    const user = userEvent.setup();
    renderRoute(paths.myLeads);
    const card = await screen.findByRole('article', { name: '2019 Hyundai Creta, Ravi Kumar' });
    await user.selectOptions(within(card).getByLabelText('Stage'), 'negotiating');
    await vi.waitFor(() => expect(calls().some((c) => c.method === 'PUT')).toBe(true), 5000);
    const put = calls().find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/me/leads/7');
    expect(put.body).toEqual({ stage: 'negotiating' });

    await user.selectOptions(screen.getByLabelText('Follow-up filter'), 'overdue');
    await user.selectOptions(screen.getByLabelText('Stage filter'), 'contacted');
    // Two filter changes, each a render and a request: the 5 s of findBy* (test/setup.ts), not vi.waitFor's 1 s.
    await vi.waitFor(
      () =>
        expect(calls().map((c) => c.url)).toContain(
          '/api/me/leads?stage=contacted&due=overdue&pageNumber=1&pageSize=20',
        ),
      5000,
    );
  });
});

describe('Report a problem on My Leads', () => {
  const openForm = async () => {
    const user = userEvent.setup();
    renderRoute(paths.myLeads);
    const card = await screen.findByRole('article', { name: '2019 Hyundai Creta, Ravi Kumar' });
    await user.click(within(card).getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Report a problem: 2019 Hyundai Creta',
    });
    return { user, dialog };
  };
  const posts = () => calls().filter((c) => c.method === 'POST');

  it('asks for a reason, then sends the reason and note once, toasts and refreshes the list', async () => {
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(disputeMessages.reasonRequired)).toBeInTheDocument();
    expect(posts()).toEqual([]);

    listed = [
      { ...creta, dispute: { id: 41, status: 'pending', reason: 'wrong_number', adminNote: null } },
    ];
    await user.selectOptions(within(dialog).getByLabelText('What is wrong?'), 'Wrong number');
    await user.type(within(dialog).getByLabelText('Note (optional)'), '  Number not in service ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(disputeMessages.reported));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.url).toBe('/api/leads/7/disputes');
    expect(posts()[0]!.body).toEqual({
      reason: 'wrong_number',
      note: 'Number not in service',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The refreshed card shows the report under review, and no second button.
    const outcome = await screen.findByTestId('dispute-outcome');
    expect(outcome).toHaveTextContent('Problem reported (Wrong number): Under review');
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("keeps the form open with the server's reason when the report is refused", async () => {
    api.use(
      http.post('/api/leads/7/disputes', () => apiError(409, disputeMessages.alreadyDisputed)),
    );
    const { user, dialog } = await openForm();
    await user.selectOptions(within(dialog).getByLabelText('What is wrong?'), 'Car already sold');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      disputeMessages.alreadyDisputed,
    );
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("shows the Admin's decision and note, and offers no report once 7 days have passed", async () => {
    listed = [
      {
        ...creta,
        dispute: { id: 41, status: 'approved', reason: 'not_owner', adminNote: 'Refunded, sorry' },
      },
      {
        ...creta,
        leadId: 8,
        fullName: 'Late Lead',
        disputableUntil: new Date(Date.now() - 1000).toISOString(),
      },
    ];
    renderRoute(paths.myLeads);
    const outcome = await screen.findByTestId('dispute-outcome');
    expect(outcome).toHaveTextContent('Problem reported (Not the owner): Approved');
    expect(outcome).toHaveTextContent('Refunded, sorry');
    await screen.findByRole('article', { name: '2019 Hyundai Creta, Late Lead' });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });
});
