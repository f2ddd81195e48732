// The lead-form screen against a stubbed API: the POST body, the thank-you state, and each kind of failure on the form.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { jsonResponse, renderRoute } from '../../test/render-route';
import { leadFormTexts } from './submission-problem';

/** Answers the lead submission; the settings (the consent's dealer cap) and the price guide are answered apart. */
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/settings'
      ? Promise.resolve(jsonResponse({ maxDealersPerLead: 4, holdFlaggedLeads: true }))
      : String(input).startsWith('/api/price-guide?')
        ? Promise.resolve(
            jsonResponse({
              low: null,
              median: null,
              high: null,
              comparables: 0,
              confidence: 'none',
            }),
          )
        : fetchMock(input, init),
  );
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

const storedLead: Lead = {
  id: 5001,
  fullName: 'Ravi Kumar',
  phoneNumber: 'XXXXXXX345',
  city: 'Noida',
  brand: 'hyundai',
  model: 'Creta',
  varient: null,
  rto: 'UP',
  year: 2019,
  fuelType: 'petrol',
  ownerName: 'second',
  transmission: 'manual',
  seats: 5,
  price: 450000,
  kmDriven: null,
  status: true,
  createdOn: '2026-11-22T03:00:00.000Z',
  listingStatus: 'open',
  unlocked: false,
  unlockCount: 0,
  maxDealers: 5,
  photos: [],
  marketPrice: null,
  priceVsMarket: null,
  phoneVerified: false,
  verifiedOn: null,
};

async function completeWizard() {
  const user = userEvent.setup({ delay: null });
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  const next = async () => {
    const button = screen.getByRole('button', { name: 'Next' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
  };
  await user.click(await screen.findByRole('radio', { name: 'Hyundai' }));
  await next();
  await user.click(screen.getByRole('radio', { name: 'Creta' }));
  await next();
  await user.selectOptions(field('Year'), '2019');
  await next();
  for (const choice of ['Petrol', 'Manual', '5 Seater', 'Second Owner']) {
    await user.click(screen.getByRole('radio', { name: choice }));
    if (choice !== 'Second Owner') await next();
  }
  await user.type(field('Kilometres Driven'), '52,000');
  await next();
  await user.type(field('Full Name'), 'Ravi Kumar');
  await user.type(field('City'), 'Noida');
  await user.type(field('Phone Number'), '9810012345');
  await user.type(field('Expected Price'), '450000');
  await user.click(
    await screen.findByRole('checkbox', {
      name: 'I agree to share my number with up to 4 verified dealers',
    }),
  );
  const submit = screen.getByRole('button', { name: 'Submit' });
  await vi.waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
  return user;
}

// Whole journeys through eight steps: slow on a busy machine, never timed.
describe('lead-form screen', { timeout: 30_000 }, () => {
  it('posts the lead without a token and thanks the owner', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 'stale-token', role: 'Dealer' });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ ...storedLead, manageUrl: `/my-car/${'t'.repeat(43)}` }, { status: 201 }),
    );
    renderRoute(paths.leadForm);
    expect(await screen.findByRole('heading', { name: 'Sell your car' })).toBeInTheDocument();
    const user = await completeWizard();

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toHaveFocus();
    expect(screen.getByText(/Your 2019 Hyundai Creta has been submitted/)).toBeInTheDocument();
    expect(screen.getByText(/ending in 345/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your private link')).toHaveValue(
      `${window.location.origin}/my-car/${'t'.repeat(43)}`,
    );
    expect(screen.getByRole('link', { name: 'Send it to me on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`/my-car/${'t'.repeat(43)}`)),
    );
    expect(screen.getByRole('link', { name: 'Go to the lead list' })).toHaveAttribute(
      'href',
      paths.leads,
    );

    // The lead is posted once; then the photo panel lists the new lead's photos by its link.
    expect(await screen.findByTestId('photo-manager')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([called]) => String(called))).toEqual([
      '/api/leads',
      `/api/owner/leads/${'t'.repeat(43)}/photos`,
    ]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/leads');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      year: 2019,
      brand: 'hyundai',
      model: 'Creta',
      ownerType: 'second',
      transmission: 'manual',
      fuelType: 'petrol',
      seats: 5,
      kmDriven: 52000,
      fullName: 'Ravi Kumar',
      city: 'Noida',
      phoneNumber: '9810012345',
      price: 450000,
      consent: true,
    });

    await user.click(screen.getByRole('button', { name: 'Submit another car' }));
    expect(await screen.findByText('Step 1 of 8')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hyundai' })).not.toBeChecked();
  });

  it('lists the server validation errors on the form', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          title: apiMessages.validationTitle,
          status: 400,
          errors: { phoneNumber: ['Phone Number is required and must be 10 digits.'] },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    renderRoute(paths.leadForm);
    await completeWizard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Phone Number is required and must be 10 digits.',
    ]);
    expect(screen.getByLabelText('Phone Number')).toHaveClass('is-invalid');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the duplicate message on the form, not as a toast', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { status: 400, message: apiMessages.duplicateLead },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    renderRoute(paths.leadForm);
    await completeWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This car has already been submitted with this phone number in the last 30 days.',
    );
    expect(notify.error).not.toHaveBeenCalled();
    expect(screen.getByText('Step 8 of 8')).toBeInTheDocument();
  });

  it('says so clearly when the owner submits too often', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { statusCode: 429, status: 429, message: apiMessages.tooManyRequests },
        { status: 429, statusText: 'Too Many Requests' },
      ),
    );
    renderRoute(paths.leadForm);
    await completeWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute and try again.',
    );
  });

  it('keeps the answers on the form when the server fails or cannot be reached', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(
          { status: 500, message: 'Internal server error' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { router } = renderRoute(paths.leadForm);
    const user = await completeWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(leadFormTexts.failed);
    expect(router.state.location.pathname).toBe(paths.leadForm);
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ravi Kumar');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(leadFormTexts.offline)).toBeInTheDocument();
  });
});
