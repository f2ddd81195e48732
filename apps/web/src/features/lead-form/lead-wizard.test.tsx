// The wizard's steps: each step's rule and exact message (spec §5), Next and Submit states, brand clearing the model, server problems.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { leadWizardMessages as m, type LeadSubmission } from '@dealerleads/shared';
import { LeadWizard, type LeadWizardProps } from './lead-wizard';
import type { SubmissionProblem } from './submission-problem';

type User = ReturnType<typeof userEvent.setup>;

function setup(result: SubmissionProblem | null = null) {
  const onSubmit = vi.fn<LeadWizardProps['onSubmit']>().mockResolvedValue(result);
  const user = userEvent.setup({ delay: null });
  render(<LeadWizard onSubmit={onSubmit} />);
  return { user, onSubmit };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const previous = () => screen.getByRole('button', { name: 'Previous' });
const submit = () => screen.getByRole('button', { name: 'Submit' });
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const heading = () => screen.getByRole('heading', { level: 2 });

/** Each car step: its title, how to answer it, and its message. */
const carSteps: { title: string; message: string; answer: (user: User) => Promise<void> }[] = [
  {
    title: 'Year',
    message: m.year,
    answer: (user) => user.selectOptions(field('Year'), '2019'),
  },
  {
    title: 'Brand',
    message: m.brand,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'Hyundai' })),
  },
  {
    title: 'Model',
    message: m.model,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'Creta' })),
  },
  {
    title: 'Owner Type',
    message: m.ownerType,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'Second Owner' })),
  },
  {
    title: 'Transmission',
    message: m.transmission,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'iMT' })),
  },
  {
    title: 'Fuel Type',
    message: m.fuelType,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'CNG' })),
  },
  {
    title: 'Seats',
    message: m.seats,
    answer: (user) => user.click(screen.getByRole('radio', { name: '7 Seater' })),
  },
];

/** Answers the car steps before `stop` (all seven by default) and moves on after each. */
async function answerCarSteps(user: User, stop = carSteps.length) {
  for (const step of carSteps.slice(0, stop)) {
    await step.answer(user);
    await vi.waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
  }
}

async function fillDetails(user: User) {
  await user.type(field('Full Name'), 'Ravi Kumar');
  await user.type(field('City'), 'Noida');
  await user.type(field('Phone Number'), '+91 98100 12345');
  await user.type(field('Expected Price'), '4,50,000');
  await user.click(screen.getByRole('checkbox', { name: /share my number/ }));
}

/** Focuses the step's field and leaves it untouched, as an owner tabbing past it would. */
async function touchAndLeave(user: User, element: HTMLElement) {
  act(() => element.focus());
  await user.tab();
}

// Whole journeys through eight steps: slow on a busy machine, never timed.
describe('lead wizard', { timeout: 30_000 }, () => {
  it('starts on step 1 of 8 with Previous and Next disabled', () => {
    setup();
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(heading()).toHaveTextContent('Year');
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
    const years = [...(field('Year') as HTMLSelectElement).options].map((o) => o.value);
    expect(years.filter(Boolean)).toHaveLength(25);
    expect(years).toContain('2000');
    expect(years).toContain('2024');
    expect(years).not.toContain('2025');
  });

  it.each(carSteps.map((step, index) => [index + 1, step] as const))(
    'step %i: Next stays disabled and the message shows until it is answered',
    async (number, step) => {
      const { user } = setup();
      await answerCarSteps(user, number - 1);
      expect(screen.getByText(`Step ${number} of 8`)).toBeInTheDocument();
      expect(heading()).toHaveTextContent(step.title);
      expect(next()).toBeDisabled();
      expect(screen.queryByText(step.message)).not.toBeInTheDocument();

      const input = number === 1 ? field('Year') : (screen.getAllByRole('radio')[0] as HTMLElement);
      await touchAndLeave(user, input);
      expect(await screen.findByText(step.message)).toBeInTheDocument();
      expect(next()).toBeDisabled();

      await step.answer(user);
      await vi.waitFor(() => expect(screen.queryByText(step.message)).not.toBeInTheDocument());
      expect(next()).toBeEnabled();
    },
  );

  it('offers the wizard catalogues on each step', async () => {
    const { user } = setup();
    await answerCarSteps(user, 1);
    expect(screen.getAllByRole('radio')).toHaveLength(21);
    await user.click(screen.getByRole('radio', { name: 'Isuzu' }));
    await user.click(next());
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'D-Max',
      'MU-X',
    ]);
    await user.click(screen.getByRole('radio', { name: 'MU-X' }));
    await user.click(next());
    const labels = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(labels()).toEqual(['First Owner', 'Second Owner', 'Third Owner', 'Fourth Owner']);
    await user.click(screen.getByRole('radio', { name: 'First Owner' }));
    await user.click(next());
    expect(labels()).toEqual(['Manual', 'Automatic', 'iMT']);
    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    await user.click(next());
    expect(labels()).toEqual(['Petrol', 'Diesel', 'CNG', 'Hybrid', 'Electric']);
    await user.click(screen.getByRole('radio', { name: 'Diesel' }));
    await user.click(next());
    expect(labels()).toEqual([
      '4 Seater',
      '5 Seater',
      '6 Seater',
      '7 Seater',
      '8 Seater',
      '9 Seater',
    ]);
  });

  it('changing the brand clears the model', async () => {
    const { user } = setup();
    await answerCarSteps(user, 3);
    expect(heading()).toHaveTextContent('Owner Type');
    await user.click(previous());
    expect(screen.getByRole('radio', { name: 'Creta' })).toBeChecked();
    await user.click(previous());
    expect(screen.getByRole('radio', { name: 'Hyundai' })).toBeChecked();

    // Picking the same brand again keeps the model.
    await user.click(screen.getByRole('radio', { name: 'Hyundai' }));
    await user.click(next());
    expect(screen.getByRole('radio', { name: 'Creta' })).toBeChecked();
    await user.click(previous());

    await user.click(screen.getByRole('radio', { name: 'Kia' }));
    await user.click(next());
    expect(heading()).toHaveTextContent('Model');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([
      'Seltos',
      'Sonet',
      'Carens',
      'Carnival',
    ]);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(next()).toBeDisabled();
  });

  it('keeps earlier answers when going back', async () => {
    const { user } = setup();
    await answerCarSteps(user, 2);
    await user.click(previous());
    await user.click(previous());
    expect(field('Year')).toHaveValue('2019');
    expect(next()).toBeEnabled();
  });

  it.each([
    ['Full Name', '', m.fullName],
    ['Full Name', '   ', m.fullName],
    ['City', '', m.city],
    ['Phone Number', '', m.phoneNumber],
    ['Phone Number', '98100', m.phoneNumber],
    ['Phone Number', '98100123456', m.phoneNumber],
    ['Phone Number', '98100abcde', m.phoneNumber],
    ['Expected Price', '', m.price],
    ['Expected Price', '0', m.price],
    ['Expected Price', 'lots', m.price],
  ])('step 8: %s "%s" → "%s"', async (label, value, message) => {
    const { user } = setup();
    await answerCarSteps(user);
    expect(screen.getByText('Step 8 of 8')).toBeInTheDocument();
    if (value) await user.type(field(label), value);
    await touchAndLeave(user, field(label));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveClass('is-invalid');
  });

  it('keeps Submit disabled until the whole form is valid, then sends the parsed lead', async () => {
    const { user, onSubmit } = setup();
    await answerCarSteps(user);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('Your car')).getByText(/2019 · Hyundai · Creta/));
    expect(submit()).toBeDisabled();

    await user.type(field('Full Name'), 'Ravi Kumar');
    await user.type(field('City'), 'Noida');
    await user.type(field('Phone Number'), '+91 98100 12345');
    expect(submit()).toBeDisabled();
    await user.type(field('Expected Price'), '4,50,000');
    expect(await screen.findByText('₹4,50,000')).toBeInTheDocument();
    // Consent is required, and names the dealer cap.
    expect(submit()).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I agree to share my number with up to 5 verified dealers',
      }),
    );
    await vi.waitFor(() => expect(submit()).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: /share my number/ }));
    await vi.waitFor(() => expect(submit()).toBeDisabled());
    await user.click(screen.getByRole('checkbox', { name: /share my number/ }));
    await vi.waitFor(() => expect(submit()).toBeEnabled());

    await user.clear(field('City'));
    await vi.waitFor(() => expect(submit()).toBeDisabled());
    await user.type(field('City'), '  Noida ');
    await vi.waitFor(() => expect(submit()).toBeEnabled());

    await user.click(submit());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      year: 2019,
      brand: 'hyundai',
      model: 'Creta',
      ownerType: 'second',
      transmission: 'imt',
      fuelType: 'cng',
      seats: 7,
      fullName: 'Ravi Kumar',
      city: 'Noida',
      phoneNumber: '9810012345',
      price: 450000,
      consent: true,
    } satisfies LeadSubmission);
  });

  it('lists what the server said above the form', async () => {
    const duplicate =
      'This car has already been submitted with this phone number in the last 30 days.';
    const { user } = setup({ messages: [duplicate], fieldErrors: {} });
    await answerCarSteps(user);
    await fillDetails(user);
    await vi.waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent(duplicate);
    expect(screen.getByText('Step 8 of 8')).toBeInTheDocument();
  });

  it('goes back to the first step a server field error belongs to and marks that field', async () => {
    const { user } = setup({
      messages: ['Owner Type is required.', 'Expected Price is required.'],
      fieldErrors: { ownerType: 'Owner Type is required.', price: 'Expected Price is required.' },
    });
    await answerCarSteps(user);
    await fillDetails(user);
    await vi.waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await vi.waitFor(() => expect(heading()).toHaveTextContent('Owner Type'));
    await vi.waitFor(() => expect(heading()).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Expected Price is required.');
    // The field's own message too, below the tiles.
    expect(screen.getAllByText('Owner Type is required.')).toHaveLength(2);
  });
});
