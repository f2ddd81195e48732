// The member screens against a stubbed API: the directory's cards and count, a save with its toast, a member's own profile.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@dealerleads/shared';
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
import { emailVerificationTexts } from './email-verification-notice';
import { setLanguage } from '../../i18n/runtime';

const rajesh: Member = {
  id: 2,
  userName: 'dealer',
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
const oldWheels: Member = {
  ...rajesh,
  id: 4,
  userName: 'inactive',
  name: 'Old Wheels Faridabad',
  city: 'Faridabad',
  status: false,
};

const api = setupFakeApi(
  http.get('/api/users', () => pagedJson([rajesh, oldWheels], { itemsPerPage: 36 })),
  http.get('/api/users/dealer', () => HttpResponse.json(rajesh)),
  // The saved member: what was there with the changes sent.
  http.put('/api/users/update/2', async ({ request }) =>
    HttpResponse.json({ ...rajesh, ...((await request.json()) as Partial<Member>) }),
  ),
  http.post('/api/me/email-verification', () =>
    HttpResponse.json({ message: 'We sent a verification link to your e-mail address.' }),
  ),
  ...failedSideReads,
);

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

function requestOf(index: number) {
  const call = api.calls()[index];
  return { url: call?.path, method: call?.method, body: call?.body };
}

describe('member directory', () => {
  beforeEach(() => setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' }));

  it('shows the number of matches and a card per member, grey when inactive', async () => {
    renderRoute(paths.members);
    expect(await screen.findByRole('heading', { name: 'Members (2 found)' })).toBeInTheDocument();
    expect(requestOf(0).url).toBe('/api/users?pageNumber=1&pageSize=36');

    const active = screen.getByRole('article', { name: 'Rajesh Motors' });
    expect(active).not.toHaveClass('bg-secondary-subtle');
    expect(within(active).getByText('9810000002')).toBeInTheDocument();
    expect(within(active).getByText('rajesh@rajeshmotors.in')).toBeInTheDocument();
    const edit = within(active).getByRole('link', { name: /Edit Member/ });
    expect(edit).toHaveClass('btn-danger');
    expect(edit).toHaveAttribute('href', '/dealers/member/edit/dealer');

    const inactive = screen.getByRole('article', { name: 'Old Wheels Faridabad' });
    expect(inactive).toHaveClass('bg-secondary-subtle');
    expect(within(inactive).getByText('Inactive')).toBeInTheDocument();
    expect(within(inactive).getByRole('link', { name: /Edit Member/ })).toHaveClass(
      'btn-secondary',
    );
  });

  it("searches from the first page and says 'No users found'", async () => {
    api.use(http.get('/api/users', () => pagedJson([], { itemsPerPage: 36, totalPages: 0 })));
    const { router } = renderRoute(`${paths.members}?page=3`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search members' }), 'zzz{Enter}');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
    await vi.waitFor(
      () =>
        expect(api.calls().map((call) => call.path)).toContain(
          '/api/users?pageNumber=1&pageSize=36&searchterm=zzz',
        ),
      5000,
    );
  });

  it("toasts 'Error loading users' when the list is refused", async () => {
    api.use(http.get('/api/users', () => apiError(403, 'You are not allowed to do this')));
    renderRoute(paths.members);
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error loading users'));
  });
});

describe('member edit screen', () => {
  it("an Admin saves another member's status: the PUT carries it and 'Profile updated successfully' shows", async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    renderRoute(paths.memberEdit('dealer'));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Status'), 'false');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Profile updated successfully'),
    );
    const put = requestOf(1);
    expect(put.url).toBe('/api/users/update/2');
    expect(put.method).toBe('PUT');
    expect(put.body).toMatchObject({ role: 'Dealer', status: false });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('a member edits their own profile without Role or Status keys in the request', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    // The nav bar asks for a dealer's balance too.
    api.use(
      http.get('/api/me/credits', () =>
        HttpResponse.json({ balance: 3, unlimitedUntil: null, packages: [] }),
      ),
    );
    renderRoute(paths.memberEdit('dealer'));
    const user = userEvent.setup();
    const city = await screen.findByLabelText('City');
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    await user.clear(city);
    await user.type(city, 'Gurgaon');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Profile updated successfully'),
    );
    const [put] = api.callsTo('PUT', '/api/');
    const body = put?.body as Record<string, unknown>;
    expect(body.city).toBe('Gurgaon');
    expect(Object.keys(body)).not.toContain('role');
    expect(Object.keys(body)).not.toContain('status');
  });

  it("lists the API's field errors in the danger alert", async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    api.use(
      http.put('/api/users/update/2', () =>
        HttpResponse.json(
          { status: 400, errors: { email: ['This e-mail is in use'] } },
          { status: 400 },
        ),
      ),
    );
    renderRoute(paths.memberEdit('dealer'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail is in use');
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('role names', () => {
  it("an Admin reads the roles in Hindi while the request keeps the role's value", async () => {
    await setLanguage('hi');
    try {
      setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
      fetchMock
        .mockResolvedValueOnce(jsonResponse(rajesh))
        .mockResolvedValueOnce(jsonResponse({ ...rajesh, role: 'Seller' }));
      renderRoute(paths.memberEdit('dealer'));
      const role = await screen.findByRole('combobox', { name: 'भूमिका' });
      expect(
        within(role)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['एडमिन', 'यूज़र', 'डीलर', 'विक्रेता', 'ख़रीदार']);
      const user = userEvent.setup();
      await user.selectOptions(role, 'विक्रेता');
      await user.click(screen.getByRole('button', { name: 'बदलाव सेव करें' }));
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(JSON.parse(String(requestOf(1).body))).toMatchObject({ role: 'Seller' });
    } finally {
      await setLanguage('en');
    }
  });
});

describe('e-mail verification notice', () => {
  beforeEach(() => setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' }));

  it('asks a member with an unverified address to click the link, and sends it again', async () => {
    api.use(
      http.get('/api/users/dealer', () => HttpResponse.json({ ...rajesh, emailVerified: false })),
    );
    renderRoute(paths.memberDetail('dealer'));
    const text = await screen.findByText(emailVerificationTexts.notice('rajesh@rajeshmotors.in'));
    const notice = text.closest('.alert') as HTMLElement;
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(notice).getByRole('button', { name: emailVerificationTexts.resend }));
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'We sent a verification link to your e-mail address.',
      ),
    );
    expect(api.callsTo('POST', '/api/').map((call) => call.path)).toEqual([
      '/api/me/email-verification',
    ]);
  });

  it('shows no notice once the address is verified', async () => {
    renderRoute(paths.memberDetail('dealer'));
    expect(await screen.findByText('rajesh@rajeshmotors.in')).toBeInTheDocument();
    expect(screen.queryByText(emailVerificationTexts.resend)).not.toBeInTheDocument();
  });
});
