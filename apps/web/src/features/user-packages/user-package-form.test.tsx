// The user-package form: the package's terms, end date and balance derived read-only; the required messages and warning.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Package, UserPackage } from '@dealerleads/shared';
import { notify } from '../../lib/notify';
import { createQueryClient } from '../../lib/query-client';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { UserPackageForm } from './user-package-form';

const packages: Record<number, Package> = {
  3: {
    id: 3,
    packageName: 'Pro 50 Leads',
    packageCode: 'PRO50',
    packageType: 'Lead',
    packageCredits: 50,
    packageUnit: 'Leads',
    packageValidity: 60,
    packagePrice: 3999,
    isActive: true,
  },
  5: {
    id: 5,
    packageName: 'Unlimited 30 Days',
    packageCode: 'UNL30',
    packageType: 'Unlimited',
    packageCredits: 30,
    packageUnit: 'Days',
    packageValidity: 30,
    packagePrice: 14999,
    isActive: true,
  },
  6: {
    id: 6,
    packageName: 'Festive 25 Leads (retired)',
    packageCode: 'FEST25',
    packageType: 'Lead',
    packageCredits: 25,
    packageUnit: 'Leads',
    packageValidity: 30,
    packagePrice: 1999,
    isActive: false,
  },
};
const users = [
  { id: 2, userName: 'dealer', name: 'Rajesh Motors', phone: '9810000002' },
  { id: 3, userName: 'newdealer', name: 'Noida Car Bazaar', phone: '9810000003' },
  { id: 12, userName: 'dealer10', name: 'Dealer 10', phone: null },
  { id: 11, userName: 'dealer2', name: 'Dealer 2', phone: null },
];

/** Picks a member in the User typeahead by typing part of them. */
async function pickUser(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  const box = screen.getByRole('combobox', { name: 'User' });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(screen.getByRole('option', { name }));
}
const dropdown = [
  { id: 3, packageName: 'Pro 50 Leads' },
  { id: 5, packageName: 'Unlimited 30 Days' },
];

const api = setupFakeApi(
  http.get('/api/packages/:id', ({ params }) => {
    const pkg = packages[Number(params.id)];
    return pkg ? HttpResponse.json(pkg) : apiError(404, 'Package not found');
  }),
);

beforeEach(() => {
  vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
});

function setup(row: UserPackage | null = null) {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserPackageForm
        row={row}
        users={users}
        packages={dropdown}
        today="2026-11-22"
        onSubmit={onSubmit}
        onCancel={() => undefined}
        saving={false}
      />
    </QueryClientProvider>,
  );
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  return { user: userEvent.setup(), onSubmit, field };
}

describe('user package form', () => {
  it('starts today with nothing debited and nothing derived yet', () => {
    const { field } = setup();
    expect(field('Start Date')).toHaveValue('2026-11-22');
    expect(field('Credits Debited')).toHaveValue(0);
    for (const label of ['Credits', 'Unit', 'Validity (days)', 'End Date', 'Balance Credits']) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).toHaveAttribute('readonly');
    }
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
  });

  it('fills credits, unit and validity from the chosen package, and derives end date and balance', async () => {
    const { user, field } = setup();
    await user.selectOptions(field('Package'), '3');
    await vi.waitFor(() => expect(field('Credits')).toHaveValue('50'));
    expect(field('Unit')).toHaveValue('Leads');
    expect(field('Validity (days)')).toHaveValue('60');
    // '2026-11-22' + 60 days
    expect(field('End Date')).toHaveValue('Jan 21, 2027');
    expect(field('Balance Credits')).toHaveValue('50');

    await user.clear(field('Credits Debited'));
    await user.type(field('Credits Debited'), '12');
    expect(field('Balance Credits')).toHaveValue('38');

    await user.clear(field('Start Date'));
    await user.type(field('Start Date'), '2028-02-01');
    expect(field('End Date')).toHaveValue('Apr 1, 2028');

    // Another package: everything follows it.
    await user.selectOptions(field('Package'), '5');
    await vi.waitFor(() => expect(field('Credits')).toHaveValue('30'));
    expect(field('Unit')).toHaveValue('Days');
    expect(field('Validity (days)')).toHaveValue('30');
    expect(field('End Date')).toHaveValue('Mar 2, 2028');
    expect(field('Balance Credits')).toHaveValue('18');
    expect(api.calls().map((call) => call.path)).toEqual(['/api/packages/3', '/api/packages/5']);
  });

  it("warns 'Please fill in all required fields' and names each one when submitted empty", async () => {
    const { user, field, onSubmit } = setup();
    await user.clear(field('Start Date'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith('Please fill in all required fields'),
    );
    expect(screen.getByText('Please select a user')).toBeInTheDocument();
    expect(screen.getByText('Please select a package')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('finds a member by user name, name or phone, listed in natural order', async () => {
    const { user } = setup();
    const box = screen.getByRole('combobox', { name: 'User' });
    await user.click(box);
    const listed = () =>
      within(screen.getByRole('listbox', { name: 'User choices' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(listed()).toEqual([
      'Dealer 2 (dealer2)',
      'Dealer 10 (dealer10)',
      'Noida Car Bazaar (newdealer)',
      'Rajesh Motors (dealer)',
    ]);
    await user.type(box, '98100000');
    expect(listed()).toEqual(['Noida Car Bazaar (newdealer)', 'Rajesh Motors (dealer)']);
    await user.clear(box);
    await user.type(box, 'NEWDEAL');
    expect(listed()).toEqual(['Noida Car Bazaar (newdealer)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Noida Car Bazaar (newdealer)');
    await user.clear(box);
    await user.type(box, 'rajesh');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Rajesh Motors (dealer)');
  });

  it('refuses to debit more than the package holds', async () => {
    const { user, field, onSubmit } = setup();
    await pickUser(user, 'bazaar', 'Noida Car Bazaar (newdealer)');
    await user.selectOptions(field('Package'), '3');
    await vi.waitFor(() => expect(field('Credits')).toHaveValue('50'));
    await user.clear(field('Credits Debited'));
    await user.type(field('Credits Debited'), '51');
    expect(
      screen.getByText('Credits debited cannot exceed the package credits'),
    ).toBeInTheDocument();
    expect(field('Balance Credits')).toHaveValue('-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the inputs only: the server derives the rest', async () => {
    const { user, field, onSubmit } = setup();
    await pickUser(user, 'bazaar', 'Noida Car Bazaar (newdealer)');
    await user.selectOptions(field('Package'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      userId: 3,
      packageId: 3,
      startDate: '2026-11-22',
      creditDebited: 0,
    });
  });

  it('edits a row that keeps a package retired since, with its Status', async () => {
    const row: UserPackage = {
      id: 9,
      userId: 2,
      userName: 'dealer',
      packageId: 6,
      packageName: 'Festive 25 Leads (retired)',
      packageType: 'Lead',
      packageCredits: 25,
      packageUnit: 'Leads',
      packageValidity: 30,
      packageBalanceCredits: 20,
      creditDebited: 5,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      isActive: true,
    };
    const { user, field, onSubmit } = setup(row);
    expect(field('User')).toHaveValue('Rajesh Motors (dealer)');
    expect(field('Package')).toHaveValue('6');
    expect(
      screen.getByRole('option', { name: 'Festive 25 Leads (retired) (inactive)' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(field('Balance Credits')).toHaveValue('20'));
    expect(field('End Date')).toHaveValue('Oct 31, 2026');
    expect(field('Status')).toHaveValue('true');
    await user.selectOptions(field('Status'), 'false');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      userId: 2,
      packageId: 6,
      startDate: '2026-10-01',
      creditDebited: 5,
      isActive: false,
    });
  });
});
