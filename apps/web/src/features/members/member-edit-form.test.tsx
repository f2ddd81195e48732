// The member edit form: Save disabled until changed, the unsaved-changes banner, errors as a list, and what a save sends.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Member, MemberUpdate } from '@dealerleads/shared';
import { UNSAVED_CHANGES_TEXT } from '../../components/unsaved-changes-alert';
import { MemberEditForm, type RoleAndStatusAccess } from './member-edit-form';

const member: Member = {
  id: 7,
  userName: 'rajesh',
  name: 'Rajesh Motors',
  email: 'rajesh@rajeshmotors.in',
  phone: '9810000002',
  city: 'Gurugram',
  pincode: '122001',
  state: 'Haryana',
  role: 'Dealer',
  status: true,
  emailVerified: true,
  createdOn: '2026-01-01T00:00:00.000Z',
};

function setup(
  roleAndStatus: RoleAndStatusAccess = 'editable',
  onSave = vi.fn(async (changes: MemberUpdate): Promise<Member | null> => ({
    ...member,
    ...changes,
  })),
) {
  const onCancel = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/edit',
        element: (
          <MemberEditForm
            member={member}
            roleAndStatus={roleAndStatus}
            onSave={onSave}
            onCancel={onCancel}
          />
        ),
      },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  const save = () => screen.getByRole('button', { name: 'Save Changes' });
  return { user: userEvent.setup(), onSave, onCancel, field, save };
}

describe('member edit form', () => {
  it('shows the member, with the user name read-only', () => {
    const { field } = setup();
    expect(field('Name')).toHaveValue('Rajesh Motors');
    expect(field('Username')).toHaveValue('rajesh');
    expect(field('Username')).toHaveAttribute('readonly');
    expect(field('Role')).toHaveValue('Dealer');
    expect(field('Status')).toHaveValue('true');
    expect(field('Password')).toHaveValue('');
    const roles = [...(field('Role') as HTMLSelectElement).options].map((o) => o.value);
    expect(roles).toEqual(['Admin', 'User', 'Dealer', 'Seller', 'Buyer']);
  });

  it('keeps Save disabled and the banner hidden until the form changes, and again once changed back', async () => {
    const { user, field, save } = setup();
    expect(save()).toBeDisabled();
    expect(screen.queryByText(UNSAVED_CHANGES_TEXT, { exact: false })).not.toBeInTheDocument();

    await user.type(field('City'), ' Sector 29');
    expect(save()).toBeEnabled();
    expect(screen.getByText(UNSAVED_CHANGES_TEXT, { exact: false })).toBeInTheDocument();

    await user.clear(field('City'));
    await user.type(field('City'), 'Gurugram');
    await vi.waitFor(() => expect(save()).toBeDisabled());
    expect(screen.queryByText(UNSAVED_CHANGES_TEXT, { exact: false })).not.toBeInTheDocument();
  });

  it('lists validation errors as bullets in a danger alert', async () => {
    const { user, field } = setup();
    await user.clear(field('Name'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '98100');
    await user.tab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect([...alert.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Please enter Name',
      'Phone must be at least 10 characters',
      'Please enter a valid Email',
    ]);
    expect(field('Name')).toHaveClass('is-invalid');
  });

  it('does not save an invalid form', async () => {
    const { user, field, save, onSave } = setup();
    await user.type(field('Password'), 'short');
    await user.click(save());
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("an Admin's save sends role and status; the saved form is clean again", async () => {
    const { user, field, save, onSave } = setup('editable');
    await user.selectOptions(field('Status'), 'false');
    await user.selectOptions(field('Role'), 'Seller');
    await user.type(field('Password'), 'NewSecret@26');
    await user.click(save());
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: 'Rajesh Motors',
      city: 'Gurugram',
      pincode: '122001',
      phone: '9810000002',
      email: 'rajesh@rajeshmotors.in',
      role: 'Seller',
      status: false,
      password: 'NewSecret@26',
    });
    await vi.waitFor(() => expect(save()).toBeDisabled());
    expect(field('Password')).toHaveValue('');
    expect(field('Status')).toHaveValue('false');
    expect(screen.queryByText(UNSAVED_CHANGES_TEXT, { exact: false })).not.toBeInTheDocument();
  });

  it('a member editing themselves sees no Role or Status and never sends them', async () => {
    const { user, field, save, onSave } = setup('hidden');
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    await user.clear(field('Phone'));
    await user.click(save());
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const sent = onSave.mock.calls[0]?.[0] ?? {};
    expect(sent).not.toHaveProperty('role');
    expect(sent).not.toHaveProperty('status');
    expect(sent).not.toHaveProperty('password');
    expect(sent).toMatchObject({ phone: '' });
  });

  it('an Admin editing themselves sees Role and Status locked and does not send them', async () => {
    const { user, field, save, onSave } = setup('locked');
    expect(field('Role')).toBeDisabled();
    expect(field('Status')).toHaveValue('Active');
    expect(screen.getByText('You cannot change your own role or status.')).toBeInTheDocument();
    await user.type(field('Name'), ' Jr');
    await user.click(save());
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty('role');
  });

  it('stays dirty when the save fails', async () => {
    const { user, field, save } = setup(
      'editable',
      vi.fn(async () => null),
    );
    await user.type(field('City'), 'x');
    await user.click(save());
    await vi.waitFor(() => expect(save()).toBeEnabled());
    expect(screen.getByText(UNSAVED_CHANGES_TEXT, { exact: false })).toBeInTheDocument();
  });

  it('Cancel tells the parent', async () => {
    const { user, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
