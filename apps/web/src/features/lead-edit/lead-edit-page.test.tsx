// The lead edit screen against a stubbed API: read-only fields, the banner and Save states, the save, failures and the leave guard.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { LEAVE_CONFIRM_TEXT } from '../../hooks/use-confirm-leave';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { parseLeadId } from './lead-edit-page';

const BANNER = 'Information: You have made changes. Any unsaved changes will be lost.';

const lead: Lead = {
  id: 42,
  fullName: 'Sunita Sharma',
  phoneNumber: '9810012345',
  city: 'Gurugram',
  brand: 'maruti_suzuki',
  model: 'Swift',
  varient: 'VXi',
  rto: 'HR',
  year: 2018,
  fuelType: 'petrol',
  ownerName: 'second',
  transmission: 'manual',
  seats: 5,
  price: 450000,
  kmDriven: null,
  status: true,
  createdOn: '2026-03-05T09:07:03.000Z',
  listingStatus: 'open',
  unlocked: true,
  unlockCount: 0,
  maxDealers: 5,
  photos: [],
  marketPrice: null,
  priceVsMarket: null,
  phoneVerified: false,
  verifiedOn: null,
};

const api = setupFakeApi(
  http.get('/api/leads/42', () => HttpResponse.json(lead)),
  http.put('/api/leads/update/42', () => HttpResponse.json({ ...lead, status: false })),
  http.get('/api/leads', () => HttpResponse.json([])),
);

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser({ id: 1, username: 'admin', token: 'admin-token', role: 'Admin' });
});

async function openLead() {
  const view = renderRoute(paths.leadEdit(lead.id));
  await screen.findByRole('heading', { level: 1, name: lead.fullName });
  const status = screen.getByLabelText('Status');
  const save = screen.getByRole('button', { name: 'Save Changes' });
  return { ...view, user: userEvent.setup(), status, save };
}

const banner = () => screen.queryByText(/You have made changes/)?.closest('.alert') ?? null;

describe('lead edit screen', () => {
  it("shows the lead's name, its badge and every field read-only but Status", async () => {
    const { status, save } = await openLead();
    expect(api.calls()[0]?.path).toBe('/api/leads/42');
    expect(api.calls()[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(screen.getByText('Active', { selector: '.badge' })).toHaveClass('badge');

    const readOnly: [string, string][] = [
      ['Full Name', 'Sunita Sharma'],
      ['Phone Number', '9810012345'],
      ['Ownership', 'Second Owner'],
      ['City', 'Gurugram'],
      ['RTO', 'HR'],
      ['Price', '₹4,50,000'],
      ['Brand', 'Maruti Suzuki'],
      ['Model', 'Swift'],
      ['Variant', 'VXi'],
      ['Year', '2018'],
      ['Transmission', 'Manual'],
      ['Fuel Type', 'Petrol'],
      ['Seats', '5 Seater'],
      ['Kilometers Driven', '—'],
    ];
    for (const [label, value] of readOnly) {
      const input = screen.getByLabelText(label, { exact: true });
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
    // dd/MM/yyyy hh:mm:ss in the browser's time zone.
    expect((screen.getByLabelText('Created On') as HTMLInputElement).value).toMatch(
      /^0[45]\/03\/2026 \d{2}:\d{2}:03 (AM|PM)$/,
    );

    expect(status).toHaveValue('true');
    expect(status).not.toHaveAttribute('readonly');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Inactive']);
    expect(banner()).toBeNull();
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('shows the banner and enables Save Changes once Status changes, and not when changed back', async () => {
    const { user, status, save } = await openLead();
    await user.selectOptions(status, 'Inactive');
    expect(banner()).toHaveTextContent(BANNER);
    expect(save).toBeEnabled();
    await user.selectOptions(status, 'Active');
    await vi.waitFor(() => expect(banner()).toBeNull());
    expect(save).toBeDisabled();
  });

  it('saves the status, toasts, and becomes pristine with the new badge', async () => {
    const { user, status, save } = await openLead();
    await user.selectOptions(status, 'Inactive');
    await user.click(save);

    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Lead updated successfully'),
    );
    expect(api.calls()[1]).toMatchObject({
      path: '/api/leads/update/42',
      method: 'PUT',
      body: { status: false },
    });
    await vi.waitFor(() => expect(banner()).toBeNull());
    expect(save).toBeDisabled();
    expect(status).toHaveValue('false');
    expect(screen.getByText('Inactive', { selector: '.badge' })).toHaveClass('badge');
  });

  it('lists a failed save and keeps the change', async () => {
    const { user, status, save } = await openLead();
    await user.selectOptions(status, 'Inactive');
    api.use(
      http.put('/api/leads/update/42', () => apiError(403, 'You are not allowed to do this')),
    );
    await user.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('You are not allowed to do this');
    expect(notify.success).not.toHaveBeenCalled();
    expect(banner()).toHaveTextContent(BANNER);
    expect(save).toBeEnabled();
    expect(status).toHaveValue('false');
  });

  it('asks before Cancel leaves unsaved changes, and stays when told no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user, status, router } = await openLead();
    await user.selectOptions(status, 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_CONFIRM_TEXT);
    expect(router.state.location.pathname).toBe(paths.leadEdit(42));
    expect(status).toHaveValue('false');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.leads));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('leaves without asking when nothing changed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user, router } = await openLead();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.leads));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("sends an invalid id back to the lead list with 'Invalid lead ID'", async () => {
    const { router } = renderRoute('/dealers/lead/edit/abc');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.leads));
    expect(notify.error).toHaveBeenCalledWith('Invalid lead ID');
    expect(api.calls().filter((call) => call.path.startsWith('/api/leads/'))).toEqual([]);
  });

  it('goes to the not-found page for a lead that does not exist', async () => {
    api.use(http.get('/api/leads/999', () => apiError(404, 'Lead not found')));
    const { router } = renderRoute(paths.leadEdit(999));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.notFound));
  });
});

describe('parseLeadId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseLeadId('42')).toBe(42);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '99999999999', '4e2']) {
      expect(parseLeadId(raw)).toBeUndefined();
    }
  });
});
