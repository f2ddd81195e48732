// The sign-up form's rules and messages (docs/screens.md with docs/deviations.md's password length).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './register-form';

function setup(serverErrors: string[] = []) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(<RegisterForm onSubmit={onSubmit} onCancel={onCancel} serverErrors={serverErrors} />);
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  return { user, onSubmit, onCancel, field };
}

async function fillValidForm(
  user: ReturnType<typeof userEvent.setup>,
  field: (l: string) => HTMLElement,
) {
  await user.type(field('Username'), 'ravi.kumar');
  await user.type(field('Name'), 'Ravi Kumar');
  await user.type(field('Email'), 'ravi@example.in');
  await user.type(field('Phone'), '9810012345');
  await user.selectOptions(field('Role'), 'Dealer');
  await user.type(field('Pincode'), '110001');
  await user.selectOptions(field('State'), 'Delhi');
  await user.type(field('City'), 'New Delhi');
  await user.type(field('Password'), 'Secret@2026');
  await user.type(field('Confirm Password'), 'Secret@2026');
}

describe('sign-up form', () => {
  it('offers the sign-up roles and every state and union territory', () => {
    const { field } = setup();
    const roles = [...(field('Role') as HTMLSelectElement).options]
      .map((o) => o.value)
      .filter(Boolean);
    expect(roles).toEqual(['User', 'Dealer', 'Seller', 'Buyer']);
    const states = [...(field('State') as HTMLSelectElement).options]
      .map((o) => o.value)
      .filter(Boolean);
    for (const name of [
      'Andhra Pradesh',
      'West Bengal',
      'Andaman and Nicobar Islands',
      'Chandigarh',
      'Dadra and Nagar Haveli',
      'Daman and Diu',
      'Lakshadweep',
      'Puducherry',
      'Delhi',
    ]) {
      expect(states).toContain(name);
    }
  });

  it('keeps Submit disabled until the whole form is valid, then submits the values', async () => {
    const { user, field, onSubmit } = setup();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await fillValidForm(user, field);
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      userName: 'ravi.kumar',
      Name: 'Ravi Kumar',
      email: 'ravi@example.in',
      phone: '9810012345',
      role: 'Dealer',
      pincode: '110001',
      state: 'Delhi',
      City: 'New Delhi',
      password: 'Secret@2026',
      confirmPassword: 'Secret@2026',
    });
  });

  it('styles a field invalid only once it was touched', async () => {
    const { user, field } = setup();
    const userName = field('Username');
    expect(userName).not.toHaveClass('is-invalid');
    expect(screen.queryByText('Please enter Username')).not.toBeInTheDocument();
    await user.click(userName);
    await user.tab();
    expect(userName).toHaveClass('is-invalid');
    expect(await screen.findByText('Please enter Username')).toBeInTheDocument();
    // Fields not touched yet stay neutral.
    expect(field('City')).not.toHaveClass('is-invalid');
  });

  it.each([
    ['Username', 'ravi kumar', 'Username must not contain spaces'],
    ['Email', 'not-an-email', 'Please enter a valid Email'],
    ['Phone', '98100', 'Phone must be at least 10 characters'],
    ['Phone', '98100123456', 'Phone must be at most 10 characters'],
    ['Pincode', '1100', 'Pincode must be at least 6 characters'],
    ['Password', 'short', 'Password must be at least 8 characters'],
    ['Password', 'x'.repeat(65), 'Password must be at most 64 characters'],
  ])('%s "%s" → "%s"', async (label, value, message) => {
    const { user, field } = setup();
    await user.type(field(label), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveClass('is-invalid');
  });

  it('shows "Please enter …" for required fields left empty', async () => {
    const { user, field } = setup();
    for (const label of ['Name', 'Email', 'City', 'Password', 'Confirm Password']) {
      await user.click(field(label));
      await user.tab();
      expect(await screen.findByText(`Please enter ${label}`)).toBeInTheDocument();
    }
    await user.click(field('State'));
    await user.tab();
    expect(await screen.findByText('Please enter State')).toBeInTheDocument();
  });

  it("asks for a Role with 'Please enter Role', never listing the choices before one is made", async () => {
    const { user, field } = setup();
    await user.click(field('Role'));
    await user.tab();
    expect(await screen.findByText('Please enter Role')).toBeInTheDocument();
    expect(screen.queryByText(/Role must be one of/)).not.toBeInTheDocument();
  });

  it('marks the required fields and states the password rule before anything is typed', () => {
    const { field } = setup();
    expect(screen.getByText(/Fields marked with an asterisk/)).toBeInTheDocument();
    const required = [
      'Username',
      'Name',
      'Email',
      'Role',
      'State',
      'City',
      'Password',
      'Confirm Password',
    ];
    for (const label of required) {
      expect(field(label)).toHaveAttribute('aria-required', 'true');
      expect(screen.getByText(label, { selector: 'label' })).toHaveClass('required-mark');
    }
    for (const label of ['Phone', 'Pincode']) {
      expect(field(label)).not.toHaveAttribute('aria-required');
      expect(screen.getByText(label, { selector: 'label' })).not.toHaveClass('required-mark');
    }
    expect(field('Password')).toHaveAccessibleDescription('8 to 64 characters.');
  });

  it('accepts an empty phone and pincode (both optional)', async () => {
    const { user, field } = setup();
    await fillValidForm(user, field);
    await user.clear(field('Phone'));
    await user.clear(field('Pincode'));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it('says the passwords must match even while other fields are still empty', async () => {
    const { user, field } = setup();
    await user.type(field('Password'), 'Secret@2026');
    await user.type(field('Confirm Password'), 'Secret@2027');
    await user.tab();
    expect(await screen.findByText('Password and Confirm Password must match')).toBeInTheDocument();
  });

  it('re-validates Confirm Password when the password changes', async () => {
    const { user, field } = setup();
    await user.type(field('Password'), 'Secret@2026');
    await user.type(field('Confirm Password'), 'Secret@2026');
    await user.tab();
    expect(field('Confirm Password')).not.toHaveClass('is-invalid');

    await user.type(field('Password'), 'X');
    expect(await screen.findByText('Password and Confirm Password must match')).toBeInTheDocument();
    expect(field('Confirm Password')).toHaveClass('is-invalid');

    await user.type(field('Password'), '{Backspace}');
    await vi.waitFor(() =>
      expect(
        screen.queryByText('Password and Confirm Password must match'),
      ).not.toBeInTheDocument(),
    );
    expect(field('Confirm Password')).not.toHaveClass('is-invalid');
  });

  it('lists server errors as bullets in a danger alert', () => {
    setup(['Username is taken', 'Please enter a valid Email']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('alert', 'alert-danger');
    const items = [...alert.querySelectorAll('ul > li')].map((li) => li.textContent);
    expect(items).toEqual(['Username is taken', 'Please enter a valid Email']);
  });

  it('Cancel tells the parent', async () => {
    const { user, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
