// Forgot password screens against the fake API: the login page's link, asking for a code, the code with a new
// password, the e-mailed link's page, and the server's refusals shown in the reader's language.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordResetMessages } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { setLanguage } from '../../i18n/runtime';
import { notify } from '../../lib/notify';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const api = setupFakeApi(
  http.get('/api/*', () => HttpResponse.json([])),
  http.post('/api/password-resets', () =>
    HttpResponse.json({ message: passwordResetMessages.sent }, { status: 202 }),
  ),
  http.post('/api/password-resets/confirm', () =>
    HttpResponse.json({ message: passwordResetMessages.done }),
  ),
  http.post('/api/password-resets/confirm-link', () =>
    HttpResponse.json({ message: passwordResetMessages.done }),
  ),
);

const refusal = (code: keyof typeof passwordResetMessages) =>
  HttpResponse.json(
    { status: 400, code: `passwordReset.${code}`, message: passwordResetMessages[code] },
    { status: 400 },
  );

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
});
afterEach(async () => {
  await setLanguage('en');
});

async function fillNewPassword(password: string, repeated = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), repeated);
  return user;
}

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    renderRoute(paths.login);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      paths.forgotPassword,
    );
  });

  it('asks for a code and goes on to the code page with the login filled in', async () => {
    const { router } = renderRoute(paths.forgotPassword);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile, e-mail or user name'), ' 9876543210 ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.resetPassword));
    expect(api.callsTo('POST', '/api/password-resets')[0]?.body).toEqual({ login: '9876543210' });
    expect(await screen.findByRole('status')).toHaveTextContent('a 6-digit code is on its way');
    expect(screen.getByLabelText('Mobile, e-mail or user name')).toHaveValue('9876543210');
  });

  it('sets the new password with the SMS code, then opens the login page', async () => {
    const { router } = renderRoute(paths.resetPassword);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile, e-mail or user name'), 'dealer');
    await user.type(screen.getByLabelText('Code from the SMS'), '123456');
    await fillNewPassword('New-Password-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(api.callsTo('POST', '/api/password-resets/confirm')[0]?.body).toEqual({
      login: 'dealer',
      code: '123456',
      newPassword: 'New-Password-1',
    });
    expect(notify.success).toHaveBeenCalledWith(
      'Your password was changed. Log in with your new password.',
    );
  });

  it('checks the two passwords before sending anything', async () => {
    renderRoute(paths.resetPassword);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile, e-mail or user name'), 'dealer');
    await user.type(screen.getByLabelText('Code from the SMS'), '123456');
    await fillNewPassword('short', 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The new password must be at least 8 characters long.',
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Long-enough-1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The two passwords are not the same.',
    );
    expect(api.callsTo('POST', '/api/password-resets/confirm')).toEqual([]);
  });

  it("shows the server's refusal of a wrong code, in Hindi for a Hindi reader, and stays", async () => {
    await setLanguage('hi');
    api.use(http.post('/api/password-resets/confirm', () => refusal('wrongCode')));
    const { router } = renderRoute(paths.resetPassword);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('मोबाइल, ई-मेल या यूज़र नेम'), 'dealer');
    await user.type(screen.getByLabelText('SMS में आया कोड'), '000000');
    await user.type(screen.getByLabelText('नया पासवर्ड'), 'New-Password-1');
    await user.type(screen.getByLabelText('नया पासवर्ड दोबारा लिखें'), 'New-Password-1');
    await user.click(screen.getByRole('button', { name: 'नया पासवर्ड सेव करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह कोड सही नहीं है। SMS देखकर दोबारा कोशिश करें।',
    );
    expect(router.state.location.pathname).toBe(paths.resetPassword);
  });

  it('sets the new password from the e-mailed link', async () => {
    const { router } = renderRoute(`${paths.resetPasswordLink}?token=abc.def`);
    const user = await fillNewPassword('Link-Password-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(api.callsTo('POST', '/api/password-resets/confirm-link')[0]?.body).toEqual({
      token: 'abc.def',
      newPassword: 'Link-Password-1',
    });
  });

  it('says when the link is used up or incomplete, and offers a new code', async () => {
    api.use(http.post('/api/password-resets/confirm-link', () => refusal('linkInvalid')));
    renderRoute(`${paths.resetPasswordLink}?token=abc.def`);
    const user = await fillNewPassword('Link-Password-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetMessages.linkInvalid);

    renderRoute(paths.resetPasswordLink);
    expect(
      await screen.findByText(
        'This link is incomplete. Open the whole link from the e-mail, or ask for a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ask for a new code' }).at(-1)).toHaveAttribute(
      'href',
      paths.forgotPassword,
    );
  });
});
