// The app shell: nav bar states, the user menu, logout, the busy overlay and titled toasts.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { beginRequest, endRequest } from '../../lib/busy';
import { notify } from '../../lib/notify';
import { getCurrentUser, setCurrentUser } from '../../lib/session';
import { renderRoute } from '../../test/render-route';

describe('app shell', () => {
  it('shows the title and a sign-in icon to visitors', async () => {
    renderRoute(paths.home);
    expect(await screen.findByRole('link', { name: 'DealerLeads' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login);
  });

  it('gives a logged-in user a menu with the capitalised name, Edit Profile and Logout', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    const { router } = renderRoute(paths.leads);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Dealer')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      paths.memberEdit('dealer'),
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(getCurrentUser()).toBeNull();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('works the user menu from the keyboard: arrows move, Escape closes and returns to the icon', async () => {
    setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
    renderRoute(paths.home);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'User menu' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit Profile', 'हिन्दी', 'Logout']);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }),
    ).toHaveFocus();
  });

  it('lists the admin links in the side menu only for admins', async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    renderRoute(paths.home);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Leads',
      'Register',
      'Sell your car',
      'Members',
      'Packages',
      'User Packages',
      'Payments',
      'Insights',
      'Moderation',
      'Disputes',
      'Audit',
      'Settings',
    ]);
    expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it("shows 'Loading...' while a request is pending", async () => {
    renderRoute(paths.home);
    await screen.findByRole('link', { name: 'DealerLeads' });
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    act(() => beginRequest());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    act(() => endRequest());
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('renders a titled toast with the title above the message', async () => {
    renderRoute(paths.home);
    act(() => notify.error('Unauthorized - Please log in again', 'Authentication Error'));
    const title = await screen.findByText('Authentication Error');
    expect(title.tagName).toBe('STRONG');
    expect(screen.getByText('Unauthorized - Please log in again')).toBeInTheDocument();
  });
});
