// The login screen: success stores the user and opens the lead list; failure toasts the server's text.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { getCurrentUser, SESSION_STORAGE_KEY } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

// The lead list the login opens asks for its leads; it may find none.
const api = setupFakeApi(http.get('/api/*', () => HttpResponse.json([])));

beforeEach(() => {
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

async function logIn(userName: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('User name'), userName);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen', () => {
  it("shows 'Welcome Back' and a 'Register here?' link", async () => {
    renderRoute(paths.login);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register here?' })).toHaveAttribute(
      'href',
      paths.register,
    );
  });

  it('stores the user and goes to the lead list', async () => {
    const user = { id: 2, username: 'dealer', token: 'a.b.c', role: 'Dealer' };
    api.use(http.post('/api/account/login', () => HttpResponse.json(user)));
    const { router } = renderRoute(paths.login);
    await logIn('dealer', 'Dealer@2026');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.leads));
    expect(getCurrentUser()).toEqual(user);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(user);
    // The user icon replaces the sign-in icon.
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it("toasts the server's text on failure and stays", async () => {
    api.use(http.post('/api/account/login', () => apiError(401, 'Invalid username or password')));
    const { router } = renderRoute(paths.login);
    await logIn('dealer', 'wrong-password');
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Invalid username or password'),
    );
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe(paths.login);
    expect(getCurrentUser()).toBeNull();
  });
});
