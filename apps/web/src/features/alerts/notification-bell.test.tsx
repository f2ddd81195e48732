// The bell shows the dealer's account events (a payment, a refund, an unlocked lead sold) above the new-lead alerts,
// counts them in its badge and marks them read.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountEvents } from '@dealerleads/shared';
import { createQueryClient } from '../../lib/query-client';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { NotificationBell } from './notification-bell';

let events: AccountEvents;

const api = setupFakeApi(
  http.get('/api/me/events', () => HttpResponse.json(events)),
  http.put('/api/me/events/read', () => {
    events = { ...events, unread: 0, items: events.items.map((e) => ({ ...e, read: true })) };
    return HttpResponse.json({ unread: 0 });
  }),
  http.get('/api/notifications/unread-count', () => HttpResponse.json({ unread: 2 })),
  http.get('/api/notifications', () => HttpResponse.json([])),
  http.all('/api/*', () => apiError(404, 'x')),
);

beforeEach(() => {
  events = {
    unread: 1,
    items: [
      {
        id: 2,
        title: 'Payment confirmed',
        body: 'Order DL-7: 9 credits added.',
        url: '/dealers/orders',
        createdOn: '2026-11-28T08:00:00.000Z',
        read: false,
      },
      {
        id: 1,
        title: 'Car sold',
        body: '2019 hyundai Creta (lead #5).',
        url: '/leads/5',
        createdOn: '2026-11-27T08:00:00.000Z',
        read: true,
      },
    ],
  };
  setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
});

describe('notification bell', () => {
  it('lists account events with their links, counts the unread ones and marks them read', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // Two unread lead alerts and one unread account event.
    const bell = await screen.findByRole('button', { name: 'Notifications (3)' });
    const user = userEvent.setup();
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Your account' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Payment confirmed', '/dealers/orders'],
      ['Car sold', '/leads/5'],
    ]);
    expect(within(list).getByText('Order DL-7: 9 credits added.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark read' }));
    await vi.waitFor(() =>
      expect(api.callsTo('PUT', '/api/me/events/read').map((call) => call.body)).toEqual([{}]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications (2)' })).toBeInTheDocument();
  });
});
