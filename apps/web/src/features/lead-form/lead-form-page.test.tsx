// The lead-form screen against the fake API: the POST body (with the phone's token), the thank-you state, and each kind
// of failure on the form.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { leadFormTexts } from './submission-problem';

const TOKEN = '9810012345.1790000000.signed';

/** The settings (the consent's dealer cap), the price guide and the phone's code; each test answers the submission. */
const api = setupFakeApi(
  http.get('/api/settings', () =>
    HttpResponse.json({ maxDealersPerLead: 4, holdFlaggedLeads: true }),
  ),
  http.get('/api/price-guide', () =>
    HttpResponse.json({ low: null, median: null, high: null, comparables: 0, confidence: 'none' }),
  ),
  http.post('/api/phone-verifications', () =>
    HttpResponse.json(
      {
        id: 'v1',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        resendAfter: new Date(Date.now() + 30_000).toISOString(),
      },
      { status: 201 },
    ),
  ),
  http.post('/api/phone-verifications/v1/confirm', () =>
    HttpResponse.json({ verificationToken: TOKEN }),
  ),
);

/** Answers POST /api/leads with these, in turn. */
function answerSubmissions(...answers: (() => Response)[]) {
  // The handler added last is tried first.
  for (const answer of [...answers].reverse())
    api.use(http.post('/api/leads', answer, { once: true }));
}

beforeEach(() => {
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

/** Uploads answer at once with the next photo; each records its address and file name. */
const uploads: string[] = [];
class FakeUpload {
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: ProgressEvent) => void } = {};
  onload?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    uploads.push(`${this.url} ${(form.get('photo') as File).name}`);
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify({
        id: uploads.length,
        url: `/media/${'a'.repeat(32)}-detail.webp`,
        thumbUrl: `/media/${'a'.repeat(32)}-thumb.webp`,
        width: 800,
        height: 600,
      });
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  uploads.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  URL.createObjectURL = (blob: Blob) => `blob:${(blob as File).name}`;
  URL.revokeObjectURL = () => undefined;
});

/** Goes through the nine steps (picking these photos on the photo step) and submits. */
async function completeWizard(photos: File[] = []) {
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
  if (photos.length > 0) await user.upload(screen.getByLabelText('Add photos'), photos);
  await next();
  await user.type(field('Full Name'), 'Ravi Kumar');
  await user.type(field('City'), 'Noida');
  await user.type(field('Phone Number'), '9810012345');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('6-digit code'), '482913');
  await screen.findByText('Number verified');
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

// Whole journeys through nine steps: slow on a busy machine, never timed.
describe('lead-form screen', { timeout: 30_000 }, () => {
  it("posts the lead with the phone's proof, without a session, and thanks the owner", async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 'stale-token', role: 'Dealer' });
    answerSubmissions(() =>
      HttpResponse.json({ ...storedLead, manageUrl: `/my-car/${'t'.repeat(43)}` }, { status: 201 }),
    );
    renderRoute(paths.leadForm);
    expect(await screen.findByRole('heading', { name: 'Sell your car' })).toBeInTheDocument();
    const user = await completeWizard([
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'side.jpg', { type: 'image/jpeg' }),
    ]);

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
    expect(screen.getByRole('link', { name: 'Open your private page' })).toHaveAttribute(
      'href',
      `/my-car/${'t'.repeat(43)}`,
    );

    // The photos picked in the wizard go up once the lead exists, in their order, by its link.
    expect(await screen.findByText('2 of 2 photos uploaded')).toBeInTheDocument();
    expect(uploads).toEqual([
      `/api/owner/leads/${'t'.repeat(43)}/photos front.jpg`,
      `/api/owner/leads/${'t'.repeat(43)}/photos side.jpg`,
    ]);

    // The number proven, then the lead posted once.
    expect(
      api
        .calls()
        .filter(
          (c) => !c.path.startsWith('/api/settings') && !c.path.startsWith('/api/price-guide'),
        )
        .map((c) => `${c.method} ${c.path}`),
    ).toEqual([
      'POST /api/phone-verifications',
      'POST /api/phone-verifications/v1/confirm',
      'POST /api/leads',
    ]);
    const [posted] = api.callsTo('POST', '/api/leads');
    expect(posted?.headers.get('Authorization')).toBeNull();
    expect(posted?.headers.get('Content-Type')).toBe('application/json');
    const { fillSeconds, ...body } = posted?.body as { fillSeconds: number };
    expect(fillSeconds).toBeGreaterThanOrEqual(0);
    expect(body).toEqual({
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
      verificationToken: TOKEN,
    });

    await user.click(screen.getByRole('button', { name: 'Submit another car' }));
    expect(await screen.findByText('Step 1 of 9')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hyundai' })).not.toBeChecked();
  });

  it('lists the server validation errors on the form', async () => {
    answerSubmissions(() =>
      HttpResponse.json(
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
    answerSubmissions(() => apiError(400, apiMessages.duplicateLead));
    renderRoute(paths.leadForm);
    await completeWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This car has already been submitted with this phone number in the last 30 days.',
    );
    expect(notify.error).not.toHaveBeenCalled();
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
  });

  it('says so clearly when the owner submits too often', async () => {
    answerSubmissions(() => apiError(429, apiMessages.tooManyRequests));
    renderRoute(paths.leadForm);
    await completeWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute and try again.',
    );
  });

  it('keeps the answers on the form when the server fails or cannot be reached', async () => {
    answerSubmissions(
      () => apiError(500, 'Internal server error'),
      () => HttpResponse.error(),
    );
    const { router } = renderRoute(paths.leadForm);
    const user = await completeWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(leadFormTexts.failed);
    expect(router.state.location.pathname).toBe(paths.leadForm);
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ravi Kumar');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(leadFormTexts.offline)).toBeInTheDocument();
  });
});
