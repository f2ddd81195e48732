// The sign-up screen against the fake API: validation errors listed, a business error listed, success → signup-success.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setLanguage } from '../../i18n/runtime';
import { HttpResponse, failedSideReads, http, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const api = setupFakeApi(...failedSideReads);
const registerAnswers = (body: Record<string, unknown>, status: number) =>
  api.use(http.post('/api/account/register', () => HttpResponse.json(body, { status })));

beforeEach(() => {
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

async function fillAndSubmit() {
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  await user.type(await screen.findByLabelText('Username'), 'ravi');
  await user.type(field('Name'), 'Ravi');
  await user.type(field('Email'), 'ravi@example.in');
  await user.selectOptions(field('Role'), 'User');
  await user.selectOptions(field('State'), 'Goa');
  await user.type(field('City'), 'Panaji');
  await user.type(field('Password'), 'Secret@2026');
  await user.type(field('Confirm Password'), 'Secret@2026');
  const submit = screen.getByRole('button', { name: 'Submit' });
  await vi.waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
}

describe('sign-up screen', () => {
  it("is titled 'Sign up'", async () => {
    renderRoute(paths.register);
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('names the roles in Hindi for a Hindi reader, keeping their values', async () => {
    await setLanguage('hi');
    try {
      renderRoute(paths.register);
      const role = await screen.findByRole('combobox', { name: /भूमिका/ });
      const options = within(role).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toContain('डीलर');
      expect(options.map((o) => o.textContent)).not.toContain('Dealer');
      expect(options.find((o) => o.textContent === 'डीलर')).toHaveValue('Dealer');
    } finally {
      await setLanguage('en');
    }
  });

  it('lists the server validation errors in a danger alert', async () => {
    registerAnswers(
      {
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { email: ['Please enter a valid Email'], City: ['Please enter City'] },
      },
      400,
    );
    renderRoute(paths.register);
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Please enter a valid Email',
      'Please enter City',
    ]);
  });

  it("lists the server's text of a business-rule 400 too", async () => {
    registerAnswers({ status: 400, message: 'Username is taken' }, 400);
    renderRoute(paths.register);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is taken');
    // The alert says it all: no '400 Bad Request' toast on top of it.
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('goes to the signup-success popup after a successful sign-up', async () => {
    registerAnswers({ id: 9, userName: 'ravi' }, 201);
    const { router } = renderRoute(paths.register);
    await fillAndSubmit();
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.signupSuccess);
    const posts = api.callsTo('POST', '/api/');
    expect(posts.map((call) => call.path)).toEqual(['/api/account/register']);
    expect(posts[0]?.body).toMatchObject({
      userName: 'ravi',
      role: 'User',
      state: 'Goa',
    });
  });
});
