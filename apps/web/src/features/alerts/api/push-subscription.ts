// Web Push on this device (docs/offline-and-push.md): GET /api/push/public-key, then PushManager.subscribe() through the
// service worker, POST /api/push/subscriptions; DELETE to stop.
import { api, apiRequest } from '../../../lib/api-client';
import { serviceWorkerRegistration } from '../../../lib/service-worker';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The browser's key in the form PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await serviceWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await serviceWorkerRegistration();
  if (!registration) return 'unsupported';
  const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const { endpoint, keys } = subscription.toJSON();
  await api.post('/push/subscriptions', { endpoint, keys });
  return 'on';
}

export async function turnOffPush(): Promise<PushState> {
  const registration = await serviceWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    // The device stops either way; a server that no longer knows it has nothing to stop.
    await apiRequest('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      handleErrors: true,
    }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}
