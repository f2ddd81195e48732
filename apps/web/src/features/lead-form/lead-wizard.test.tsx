// The wizard's steps: each step's rule and exact message (docs/rules.md), Next and Submit states, brand clearing the model,
// the SMS code that proves the number, server problems; against the fake API (market guide, phone verifications).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  leadWizardMessages as m,
  phoneVerificationMessages as pv,
  type LeadSubmission,
} from '@dealerleads/shared';
import { createQueryClient } from '../../lib/query-client';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { LeadWizard, type LeadWizardProps } from './lead-wizard';
import type { SubmissionProblem } from './submission-problem';

type User = ReturnType<typeof userEvent.setup>;

/** The market guide the fake API gives for any car. */
const GUIDE = { low: 420_000, median: 450_000, high: 480_000, comparables: 24, confidence: 'high' };
/** The code the fake API's SMS carried. */
const CODE = '482913';
const TOKEN = '9810012345.1790000000.signed';

/** A verification as the API answers it: another code allowed `resendIn` seconds from now. */
const verification = (id: string, resendIn = 30) =>
  HttpResponse.json(
    {
      id,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAfter: new Date(Date.now() + resendIn * 1000).toISOString(),
    },
    { status: 201 },
  );

let verifications = 0;
beforeEach(() => {
  verifications = 0;
});
const api = setupFakeApi(
  http.get('/api/price-guide', () => HttpResponse.json(GUIDE)),
  http.post('/api/phone-verifications', () => verification(`v${++verifications}`)),
  http.post('/api/phone-verifications/:id/confirm', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    return code === CODE
      ? HttpResponse.json({ verificationToken: TOKEN })
      : apiError(400, pv.wrongCode);
  }),
);

/** The bodies of the code requests (not the confirmations). */
const codesAsked = () =>
  api
    .calls()
    .filter((c) => c.method === 'POST' && c.path === '/api/phone-verifications')
    .map((c) => c.body);

function setup(result: SubmissionProblem | null = null) {
  const onSubmit = vi.fn<LeadWizardProps['onSubmit']>().mockResolvedValue(result);
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LeadWizard onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return { user, onSubmit };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const previous = () => screen.getByRole('button', { name: 'Previous' });
const submit = () => screen.getByRole('button', { name: 'Submit' });
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const heading = () => screen.getByRole('heading', { level: 2 });

/** Each car step: its title, how to answer it, and its message. A Kia Carens offers a choice on every step. */
const carSteps: { title: string; message: string; answer: (user: User) => Promise<void> }[] = [
  {
    title: 'Brand',
    message: m.brand,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'Kia' })),
  },
  {
    title: 'Model',
    message: m.model,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'Carens' })),
  },
  {
    title: 'Year',
    message: m.year,
    answer: (user) => user.selectOptions(field('Year'), '2023'),
  },
  {
    title: 'Fuel Type',
    message: m.fuelType,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'Diesel' })),
  },
  {
    title: 'Transmission',
    message: m.transmission,
    answer: (user) => user.click(screen.getByRole('radio', { name: 'iMT' })),
  },
  {
    title: 'Seats',
    message: m.seats,
    answer: (user) => user.click(screen.getByRole('radio', { name: '7 Seater' })),
  },
  {
    title: 'Owner Type',
    message: m.ownerType,
    answer: async (user) => {
      await user.click(screen.getByRole('radio', { name: 'Second Owner' }));
      await user.type(field('Kilometres Driven'), '45,000');
    },
  },
];

/** Answers the car steps before `stop` (all seven by default, then passes the photo step) and moves on after each. */
async function answerCarSteps(user: User, stop = carSteps.length) {
  for (const step of carSteps.slice(0, stop)) {
    await step.answer(user);
    await vi.waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
  }
  if (stop === carSteps.length) {
    expect(heading()).toHaveTextContent('Photos');
    await user.click(next());
  }
}

const tiles = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);

/** Asks for the code to the typed number and types the SMS's code; the number is then verified. */
async function verifyPhone(user: User) {
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('6-digit code'), CODE);
  expect(await screen.findByText('Number verified')).toBeInTheDocument();
}

async function fillDetails(user: User) {
  await user.type(field('Full Name'), 'Ravi Kumar');
  await user.type(field('City'), 'Noida');
  await user.type(field('Phone Number'), '+91 98100 12345');
  await user.type(field('Expected Price'), '4,50,000');
  await user.click(screen.getByRole('checkbox', { name: /share my number/ }));
  await verifyPhone(user);
}

/** Focuses the step's field and leaves it untouched, as an owner tabbing past it would. */
async function touchAndLeave(user: User, element: HTMLElement) {
  act(() => element.focus());
  await user.tab();
}

// Whole journeys through nine steps: slow on a busy machine, never timed.
describe('lead wizard', { timeout: 30_000 }, () => {
  it('starts on step 1 of 9, the brands of the catalogue, Previous and Next disabled', () => {
    setup();
    expect(screen.getByText('Step 1 of 9')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(heading()).toHaveTextContent('Brand');
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
    // The brands most cars carry first, then the rest alphabetically.
    expect(tiles().slice(0, 8)).toEqual([
      'Maruti Suzuki',
      'Hyundai',
      'Tata',
      'Mahindra',
      'Kia',
      'Toyota',
      'Honda',
      'Aston Martin',
    ]);
    expect(tiles()).toContain('Rolls-Royce');
    expect(tiles().length).toBeGreaterThanOrEqual(35);
  });

  it('steps 1 to 7: Next stays disabled and the message shows until each step is answered', async () => {
    const { user } = setup();
    for (const [index, step] of carSteps.entries()) {
      expect(screen.getByText(`Step ${index + 1} of 9`)).toBeInTheDocument();
      expect(heading()).toHaveTextContent(step.title);
      expect(next()).toBeDisabled();
      expect(screen.queryByText(step.message)).not.toBeInTheDocument();

      const input = index === 2 ? field('Year') : (screen.getAllByRole('radio')[0] as HTMLElement);
      await touchAndLeave(user, input);
      expect(await screen.findByText(step.message)).toBeInTheDocument();
      expect(next()).toBeDisabled();

      await step.answer(user);
      await vi.waitFor(() => expect(screen.queryByText(step.message)).not.toBeInTheDocument());
      expect(next()).toBeEnabled();
      await user.click(next());
    }
    // The photos are optional: Next goes on without any.
    expect(screen.getByText('Step 8 of 9')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Photos');
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('accept', 'image/*');
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
  });

  it("offers only the chosen model's years, variants, fuels, gearboxes and seats", async () => {
    const { user } = setup();
    await answerCarSteps(user, 2);
    const years = [...(field('Year') as HTMLSelectElement).options].map((o) => o.value);
    expect(years.filter(Boolean)[0]).toBe(String(new Date().getFullYear()));
    expect(years.filter(Boolean).at(-1)).toBe('2022');
    await user.selectOptions(field('Year'), '2023');
    const variants = [...(field('Variant') as HTMLSelectElement).options].map((o) => o.text);
    expect(variants).toEqual([
      'Not sure',
      'Luxury',
      'Luxury Plus',
      'Premium',
      'Prestige',
      'Prestige Plus',
      'X-Line',
    ]);
    await user.click(next());
    expect(tiles()).toEqual(['Petrol', 'Diesel']);
    await user.click(screen.getByRole('radio', { name: 'Diesel' }));
    await user.click(next());
    expect(tiles()).toEqual(['Manual', 'Automatic', 'iMT']);
    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    await user.click(next());
    expect(tiles()).toEqual(['6 Seater', '7 Seater']);
    await user.click(screen.getByRole('radio', { name: '6 Seater' }));
    await user.click(next());
    expect(tiles()).toEqual(['First Owner', 'Second Owner', 'Third Owner', 'Fourth Owner']);
  });

  it('answers a step with one possible answer: an electric car is electric and automatic', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Tata' }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'Nexon EV' }));
    await user.click(next());
    const years = [...(field('Year') as HTMLSelectElement).options].map((o) => o.value);
    expect(years).not.toContain('2019');
    await user.selectOptions(field('Year'), '2021');
    await user.click(next());
    expect(tiles()).toEqual(['Electric']);
    expect(screen.getByRole('radio', { name: 'Electric' })).toBeChecked();
    await user.click(next());
    expect(tiles()).toEqual(['Automatic']);
    expect(next()).toBeEnabled();
  });

  it('offers only what a variant had: a VXi AMT is a petrol automatic', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Maruti Suzuki' }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'Swift' }));
    await user.click(next());
    await user.selectOptions(field('Year'), '2019');
    await user.selectOptions(field('Variant'), 'VXi AMT');
    await user.click(next());
    expect(tiles()).toEqual(['Petrol']);
    await user.click(next());
    expect(tiles()).toEqual(['Automatic']);
    await user.click(previous());
    await user.click(previous());
    // Not sure of the variant: the model's choices of that year come back.
    await user.selectOptions(field('Variant'), '');
    await user.click(next());
    expect(tiles()).toEqual(['Petrol', 'Diesel']);
  });

  it('changing the brand clears the model, and a new model drops answers it never had', async () => {
    const { user } = setup();
    await answerCarSteps(user, 4);
    expect(heading()).toHaveTextContent('Transmission');
    for (let i = 0; i < 3; i++) await user.click(previous());
    expect(screen.getByRole('radio', { name: 'Carens' })).toBeChecked();
    await user.click(previous());
    expect(screen.getByRole('radio', { name: 'Kia' })).toBeChecked();

    // Picking the same brand again keeps the model.
    await user.click(screen.getByRole('radio', { name: 'Kia' }));
    await user.click(next());
    expect(screen.getByRole('radio', { name: 'Carens' })).toBeChecked();

    // An EV6 was never sold before 2022 nor with diesel: the year stays, the fuel goes.
    await user.click(screen.getByRole('radio', { name: 'EV6' }));
    await user.click(next());
    expect(field('Year')).toHaveValue('2023');
    await user.click(next());
    expect(screen.getByRole('radio', { name: 'Electric' })).toBeChecked();
    await user.click(previous());
    await user.click(previous());
    await user.click(previous());

    await user.click(screen.getByRole('radio', { name: 'Tata' }));
    await user.click(next());
    expect(heading()).toHaveTextContent('Model');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(next()).toBeDisabled();
  });

  it('keeps earlier answers when going back', async () => {
    const { user } = setup();
    await answerCarSteps(user, 4);
    await user.click(previous());
    await user.click(previous());
    expect(field('Year')).toHaveValue('2023');
    expect(next()).toBeEnabled();
  });

  it('asks for kilometres as a number and shows them with Indian grouping', async () => {
    const { user } = setup();
    await answerCarSteps(user, 6);
    await user.click(screen.getByRole('radio', { name: 'First Owner' }));
    expect(next()).toBeDisabled();
    await touchAndLeave(user, field('Kilometres Driven'));
    expect(await screen.findByText(m.kmDriven)).toBeInTheDocument();
    await user.type(field('Kilometres Driven'), '125000');
    expect(await screen.findByText('1,25,000 km')).toBeInTheDocument();
    await vi.waitFor(() => expect(next()).toBeEnabled());
  });

  it('step 9: each field says what is wrong with it, and the message goes once it is right', async () => {
    const { user } = setup();
    await answerCarSteps(user);
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
    const good: Record<string, string> = {
      'Full Name': 'Ravi',
      City: 'Noida',
      'Phone Number': '9810012345',
      'Expected Price': '450000',
    };
    for (const [label, value, message] of [
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
    ] as const) {
      await user.clear(field(label));
      await user.type(field(label), good[label]!);
      await user.tab();
      await vi.waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
      await user.clear(field(label));
      if (value) await user.type(field(label), value);
      await touchAndLeave(user, field(label));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field(label)).toHaveClass('is-invalid');
    }
  });

  it('keeps Submit disabled until the whole form is valid, then sends the parsed lead', async () => {
    const { user, onSubmit } = setup();
    await answerCarSteps(user);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Your car')).getByText(
        /2023 · Kia · Carens · Second Owner · 45,000 km · iMT · Diesel · 7 Seater/,
      ),
    );
    expect(submit()).toBeDisabled();

    await user.type(field('Full Name'), 'Ravi Kumar');
    await user.type(field('City'), 'Noida');
    await user.type(field('Phone Number'), '+91 98100 12345');
    expect(submit()).toBeDisabled();
    await verifyPhone(user);
    // The market guide for the car.
    expect(await screen.findByTestId('market-guide')).toHaveTextContent(
      'Cars like yours: ₹4.2–4.8 lakh',
    );
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

    // A price the car cannot fetch: the catalogue's bounds for its model and age.
    await user.clear(field('Expected Price'));
    await user.type(field('Expected Price'), '50');
    await user.tab();
    expect(
      await screen.findByText(
        /^For a 2023 Kia Carens the price must be between ₹[\d,]+ and ₹[\d,]+\.$/,
      ),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(field('Expected Price'));
    await user.type(field('Expected Price'), '4,50,000');
    await vi.waitFor(() => expect(submit()).toBeEnabled());

    await user.clear(field('City'));
    await vi.waitFor(() => expect(submit()).toBeDisabled());
    // A city outside the catalogue is refused with the cities it has; another name of one is taken as it.
    await user.type(field('City'), 'Mumbai');
    await user.tab();
    expect(await screen.findByText(/^City must be one of Alwar, Baghpat/)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(field('City'));
    await user.type(field('City'), '  gurgaon ');
    await user.tab();
    await vi.waitFor(() => expect(field('City')).toHaveValue('Gurugram'));
    expect(screen.getByLabelText('Registered in (RTO)')).toHaveDisplayValue(
      'Same as the city (HR)',
    );
    await vi.waitFor(() => expect(submit()).toBeEnabled());

    await user.click(submit());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      year: 2023,
      brand: 'kia',
      model: 'Carens',
      ownerType: 'second',
      transmission: 'imt',
      fuelType: 'diesel',
      seats: 7,
      kmDriven: 45000,
      fullName: 'Ravi Kumar',
      city: 'Gurugram',
      phoneNumber: '9810012345',
      price: 450000,
      consent: true,
      verificationToken: TOKEN,
    } satisfies Partial<LeadSubmission>);
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
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
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
    expect(screen.getByText('Step 7 of 9')).toBeInTheDocument();
    await vi.waitFor(() => expect(heading()).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Expected Price is required.');
    // The field's own message too, below the tiles.
    expect(screen.getAllByText('Owner Type is required.')).toHaveLength(2);
  });

  it('proves the number with the SMS code before Submit, and sends the token and the time taken', async () => {
    const { user, onSubmit } = setup();
    onSubmit.mockResolvedValueOnce({ messages: [pv.verifyFirst], fieldErrors: {} });
    await answerCarSteps(user);
    await user.type(field('Full Name'), 'Ravi Kumar');
    await user.type(field('City'), 'Noida');
    await user.type(field('Expected Price'), '450000');
    await user.click(screen.getByRole('checkbox', { name: /share my number/ }));
    const sendCode = () => screen.getByRole('button', { name: 'Send code' });
    expect(sendCode()).toBeDisabled();
    await user.type(field('Phone Number'), '98100 12345');
    await vi.waitFor(() => expect(sendCode()).toBeEnabled());
    expect(submit()).toBeDisabled();
    // The form's own validity settles after the button's: the hint is waited for, not read at once.
    expect(
      await screen.findByText('Verify your number with the SMS code, then submit.'),
    ).toBeInTheDocument();

    await user.click(sendCode());
    expect(
      await screen.findByText('We sent a 6-digit code by SMS to +91 98100 12345.'),
    ).toBeInTheDocument();
    expect(codesAsked()).toEqual([{ phoneNumber: '9810012345' }]);
    const code = field('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    // The number is fixed while its code is out; another code only after the API's wait, counted down.
    expect(field('Phone Number')).toHaveAttribute('readonly');
    const resend = screen.getByRole('button', { name: /^Resend code in (30|29) s$/ });
    expect(resend).toBeDisabled();

    await user.type(code, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(pv.wrongCode);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(submit()).toBeDisabled();
    await user.clear(code);
    await user.type(code, CODE);
    expect(await screen.findByText('Number verified')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/phone-verifications/v').map((c) => c.path)).toEqual([
      '/api/phone-verifications/v1/confirm',
      '/api/phone-verifications/v1/confirm',
    ]);
    await vi.waitFor(() => expect(submit()).toBeEnabled());

    // The API no longer takes the token (it lasts 30 minutes): the owner is asked for a new code.
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(pv.verifyFirst);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ verificationToken: TOKEN });
    await verifyPhone(user);
    await vi.waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    const sent = onSubmit.mock.calls[1]?.[0];
    expect(sent).toMatchObject({ phoneNumber: '9810012345', verificationToken: TOKEN });
    expect(Number.isInteger(sent?.fillSeconds)).toBe(true);
    expect(sent?.fillSeconds).toBeGreaterThanOrEqual(0);
    expect(sent?.fillSeconds).toBeLessThan(120);
  });

  it('resends once the wait is over, and a changed number needs its own code', async () => {
    const { user } = setup();
    api.use(http.post('/api/phone-verifications', () => verification(`v${++verifications}`, 1)));
    await answerCarSteps(user);
    await user.type(field('Phone Number'), '9810012345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    await vi.waitFor(() => expect(resend).toBeEnabled());
    await user.type(field('6-digit code'), '12');
    await user.click(resend);
    // A new code: the field starts empty again.
    await vi.waitFor(() => expect(field('6-digit code')).toHaveValue(''));
    expect(codesAsked()).toEqual([{ phoneNumber: '9810012345' }, { phoneNumber: '9810012345' }]);

    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    expect(field('Phone Number')).not.toHaveAttribute('readonly');
    expect(field('Phone Number')).toHaveFocus();
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '7011122233');
    await verifyPhone(user);
    expect(codesAsked().at(-1)).toEqual({
      phoneNumber: '7011122233',
    });
    // A verified number can be changed too, and then Submit waits for the new number's code.
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    await vi.waitFor(() => expect(submit()).toBeDisabled());
  });

  it('says what the API answered: an expired code, too many tries, too many codes', async () => {
    const { user } = setup();
    await answerCarSteps(user);
    await user.type(field('Phone Number'), '9810012345');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    api.use(
      http.post('/api/phone-verifications/:id/confirm', () => apiError(400, pv.expired), {
        once: true,
      }),
    );
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(pv.expired);
    api.use(
      http.post('/api/phone-verifications/:id/confirm', () => apiError(400, pv.tooManyTries), {
        once: true,
      }),
    );
    await user.clear(field('6-digit code'));
    await user.type(field('6-digit code'), '654321');
    expect(await screen.findByRole('alert')).toHaveTextContent(pv.tooManyTries);

    api.use(
      http.post('/api/phone-verifications', () => apiError(429, pv.tooManyCodes), { once: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(pv.tooManyCodes);
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});
