// The package form's rules and exact messages (docs/rules.md), Status only when editing, 'Saving...' while a save is in flight.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Package } from '@dealerleads/shared';
import { PackageForm } from './package-form';

const pro50: Package = {
  id: 3,
  packageName: 'Pro 50 Leads',
  packageCode: 'PRO50',
  packageType: 'Lead',
  packageCredits: 50,
  packageUnit: 'Leads',
  packageValidity: 60,
  packagePrice: 3999,
  isActive: true,
};

function setup({
  pkg = null,
  saving = false,
  serverErrors = [],
}: { pkg?: Package | null; saving?: boolean; serverErrors?: string[] } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <PackageForm
      pkg={pkg}
      onSubmit={onSubmit}
      onCancel={onCancel}
      saving={saving}
      serverErrors={serverErrors}
    />,
  );
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  const save = () => screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ });
  return { user: userEvent.setup(), onSubmit, onCancel, field, save };
}

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  field: (l: string) => HTMLElement,
) {
  await user.type(field('Package Name'), '  Festive 100  ');
  await user.type(field('Package Code'), 'FEST100');
  await user.selectOptions(field('Package Type'), 'Lead');
  await user.selectOptions(field('Package Unit'), 'Leads');
  await user.type(field('Package Credits'), '100');
  await user.type(field('Validity (days)'), '45');
  await user.type(field('Price (in INR)'), '7999');
}

describe('package form', () => {
  it('offers the package types and units, and no Status for a new package', () => {
    const { field } = setup();
    const values = (label: string) =>
      [...(field(label) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(values('Package Type')).toEqual(['LimitedTime', 'Lead', 'Unlimited']);
    expect(values('Package Unit')).toEqual(['Days', 'Leads']);
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
  });

  it('says each required field is required once touched', async () => {
    const { user, field } = setup();
    for (const [label, message] of [
      ['Package Name', 'Package name is required'],
      ['Package Code', 'Package code is required'],
      ['Package Type', 'Package type is required'],
      ['Package Unit', 'Package unit is required'],
      ['Package Credits', 'Package credits is required'],
      ['Validity (days)', 'Package validity is required'],
      ['Price (in INR)', 'Package price is required'],
    ] as const) {
      await user.click(field(label));
      await user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field(label)).toHaveClass('is-invalid');
    }
  });

  it.each([
    ['Package Credits', '0', 'Package credits must be greater than 0'],
    ['Validity (days)', '0', 'Package validity must be greater than 0'],
    ['Price (in INR)', '-1', 'Package price must be greater than or equal to 0'],
    ['Package Name', 'x'.repeat(101), 'Package name must be at most 100 characters'],
    ['Package Code', 'X'.repeat(21), 'Package code must be at most 20 characters'],
    ['Package Name', '   ', 'Package name is required'],
  ])('%s "%s" → "%s"', async (label, value, message) => {
    const { user, field } = setup();
    await user.type(field(label), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('keeps Save disabled while invalid, then sends numbers and trimmed text', async () => {
    const { user, field, save, onSubmit } = setup();
    expect(save()).toBeDisabled();
    await fillValid(user, field);
    await vi.waitFor(() => expect(save()).toBeEnabled());

    // A free package is fine: the price may be 0.
    await user.clear(field('Price (in INR)'));
    await user.type(field('Price (in INR)'), '0');
    await vi.waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      packageName: 'Festive 100',
      packageCode: 'FEST100',
      packageType: 'Lead',
      packageUnit: 'Leads',
      packageCredits: 100,
      packageValidity: 45,
      packagePrice: 0,
    });
  });

  it('edits a package with its Status', async () => {
    const { user, field, save, onSubmit } = setup({ pkg: pro50 });
    expect(field('Package Name')).toHaveValue('Pro 50 Leads');
    expect(field('Package Credits')).toHaveValue(50);
    expect(field('Status')).toHaveValue('true');
    await user.selectOptions(field('Status'), 'false');
    await user.clear(field('Price (in INR)'));
    await user.type(field('Price (in INR)'), '4499');
    await vi.waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      packageName: 'Pro 50 Leads',
      packageCode: 'PRO50',
      packageType: 'Lead',
      packageCredits: 50,
      packageUnit: 'Leads',
      packageValidity: 60,
      packagePrice: 4499,
      isActive: false,
    });
  });

  it("says 'Saving...' and stays disabled while a save is in flight", () => {
    const { save } = setup({ pkg: pro50, saving: true });
    expect(save()).toHaveTextContent('Saving...');
    expect(save()).toBeDisabled();
  });

  it("lists the API's field errors", () => {
    setup({ serverErrors: ['Package code must be at most 20 characters'] });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Package code must be at most 20 characters',
    );
  });

  it('Cancel tells the parent', async () => {
    const { user, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
