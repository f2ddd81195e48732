// Sends one message to one device through its push service: the web-push library encrypts the payload (RFC 8291
// `aes128gcm`) and signs the request (VAPID, RFC 8292). An adapter, so the worker's tests use a local push service.
import { createHash } from 'node:crypto';
import type webPush from 'web-push';
import type { VapidKeys } from '../../config';
import { loadOnUse } from '../../lib/load-on-use';

export const webPushLibrary = loadOnUse<typeof webPush>('web-push');

export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** Resolves 'sent' once the push service accepted it, 'gone' when it no longer knows the device (404/410). */
  send(
    device: { endpoint: string; p256dh: string; auth: string },
    payload: string,
    key: string,
  ): Promise<PushOutcome>;
}

/** A day: a phone off for the night still gets the morning's leads. */
const TTL_SECONDS = 86_400;
/** Well inside the worker's lease, so a hung push service never lets a second process send the same row. */
const TIMEOUT_MS = 15_000;

export function createPushSender(vapid: VapidKeys): PushSender {
  return {
    async send(device, payload, key) {
      // The library encrypts and signs; the request itself goes out with fetch (any URL scheme, a hard time-out).
      const request = webPushLibrary().generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: 'high',
          // A resend after a crash replaces the undelivered first one at the push service (Topic, RFC 8030).
          topic: createHash('sha256').update(key).digest('base64url').slice(0, 32),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        ...(request.body ? { body: new Uint8Array(request.body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`The push service answered ${response.status}`);
      return 'sent';
    },
  };
}
