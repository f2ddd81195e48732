// The bell's push switch: subscribes this device through the service worker with the server's key, and stops.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../lib/session';
import { jsonResponse } from '../../test/render-route';
import { PushToggle, pushTexts } from './push-toggle';

const publicKey =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null;
const subscribe = vi.fn();

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
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/push/public-key') return jsonResponse({ publicKey });
      if (url === '/api/push/subscriptions' && init?.method === 'POST')
        return jsonResponse(null, { status: 201 });
      if (url === '/api/push/subscriptions' && init?.method === 'DELETE')
        return new Response(null, { status: 204 });
      return jsonResponse({ status: 404, message: 'x' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
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
    const posted = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/push/subscriptions' && init?.method === 'POST',
    );
    expect(JSON.parse(String(posted![1]!.body))).toEqual({
      endpoint: 'https://push.example.test/device-1',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    });

    await user.click(screen.getByRole('button', { name: pushTexts.turnOff }));
    expect(await screen.findByRole('button', { name: pushTexts.turnOn })).toBeEnabled();
    const deleted = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/push/subscriptions' && init?.method === 'DELETE',
    );
    expect(JSON.parse(String(deleted![1]!.body))).toEqual({
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
