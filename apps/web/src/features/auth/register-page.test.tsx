// The sign-up screen against a stubbed API: validation errors listed, a business error listed, success → signup-success.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { jsonResponse, renderRoute } from '../../test/render-route';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
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

  it('lists the server validation errors in a danger alert', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { email: ['Please enter a valid Email'], City: ['Please enter City'] },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
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
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { status: 400, message: 'Username is taken' },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    renderRoute(paths.register);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is taken');
    // The alert says it all: no '400 Bad Request' toast on top of it.
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('goes to the signup-success popup after a successful sign-up', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 9, userName: 'ravi' }, { status: 201 }));
    const { router } = renderRoute(paths.register);
    await fillAndSubmit();
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.signupSuccess);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account/register');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      userName: 'ravi',
      role: 'User',
      state: 'Goa',
    });
  });
});
