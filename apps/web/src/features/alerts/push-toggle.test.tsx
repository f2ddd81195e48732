// The bell's push switch: subscribes this device through the service worker with the server's key, and stops.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { PushToggle, pushTexts } from './push-toggle';

const publicKey =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null;
const subscribe = vi.fn();

const api = setupFakeApi(
  http.get('/api/push/public-key', () => HttpResponse.json({ publicKey })),
  http.post('/api/push/subscriptions', () => new HttpResponse(null, { status: 201 })),
  http.delete('/api/push/subscriptions', () => new HttpResponse(null, { status: 204 })),
  http.all('/api/*', () => apiError(404, 'x')),
);

beforeEach(() => {
  subscription = null;
  subscribe.mockReset();
  subscribe.mockImplementation(async () => {
    subscription = {
      endpoint: 'https://push.example.test/device-1',
      toJSON: () => ({
        endpoint: 'https://push.example.test/device-1',
        keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    };
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: async () => 'granted',
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  setCurrentUser({ id: 2, username: 'dealer', token: 't', role: 'Dealer' });
});

describe('push toggle', () => {
  it('turns alerts on with the server key, sends the subscription, and turns them off again', async () => {
    render(<PushToggle />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: pushTexts.turnOn }));
    expect(await screen.findByRole('button', { name: pushTexts.turnOff })).toBeEnabled();
    const options = subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(options.applicationServerKey[0]).toBe(4);
    expect(api.callsTo('POST', '/api/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.test/device-1',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    });

    await user.click(screen.getByRole('button', { name: pushTexts.turnOff }));
    expect(await screen.findByRole('button', { name: pushTexts.turnOn })).toBeEnabled();
    expect(api.callsTo('DELETE', '/api/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.test/device-1',
    });
  });

  it('says how to unblock when notifications are denied', async () => {
    vi.stubGlobal('Notification', {
      permission: 'denied',
      requestPermission: async () => 'denied',
    });
    render(<PushToggle />);
    expect(await screen.findByText(pushTexts.denied)).toBeInTheDocument();
  });
});
