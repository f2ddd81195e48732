// Web Push subscriptions (docs/offline-and-push.md) and a member's preferences: the bodies both sides check.
import { z } from './zod';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** What PushManager.subscribe() gives a browser (PushSubscription.toJSON(), without expirationTime). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .max(1000)
    .regex(/^https?:\/\/[^\s/]+/, 'endpoint must be the push service URL the browser gave'),
  keys: z.object({
    /** The device's P-256 public key (65 bytes uncompressed). */
    p256dh: base64url(80, 100),
    /** The 16-byte authentication secret. */
    auth: base64url(16, 30),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(1000) });

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const preferencesSchema = z.object({ language: z.enum(LANGUAGES) });
export type Preferences = z.infer<typeof preferencesSchema>;

/** A payment, refund or unlocked-lead event of the caller's (the bell's "Your account"). */
export const accountEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The app's page the event opens. */
  url: z.string(),
  createdOn: z.string(),
  read: z.boolean(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/** `GET /api/me/events`: the caller's latest events, newest first, and how many are unread. */
export const accountEventsSchema = z.object({
  items: z.array(accountEventSchema),
  unread: z.number().int(),
});
export type AccountEvents = z.infer<typeof accountEventsSchema>;
