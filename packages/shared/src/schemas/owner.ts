// Owners in control (`/my-car/{token}`), the moderation queue and Admin insights (docs/owners-insights-moderation.md).
import { z } from './zod';
import { LISTING_STATUSES, MODERATION_STATUSES, leadSchema } from './lead';

/** The owner's token: 32 random bytes, base64url (256 bits). */
export const OWNER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const ownerMessages = {
  notFound: 'This link is not valid. Check that you copied all of it.',
  closed: 'This listing is closed and cannot be changed.',
  nothingToChange: 'Give a new price, or mark the car sold or withdrawn',
  price: 'Expected Price is required.',
  priceTooLarge: 'Expected Price is too large.',
  listingStatus: "Choose 'sold' or 'withdrawn'",
  priceSaved: 'Your price has been updated.',
  markedSold: 'Marked as sold. Dealers no longer see your car.',
  markedWithdrawn: 'Withdrawn. Dealers no longer see your car.',
} as const;

/** What the owner's page shows: the car, where it stands, how many dealers unlocked it (never who). */
export const ownerLeadSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  /** Masked like everywhere else: the link alone must not reveal the number. */
  phoneNumber: z.string(),
  city: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  fuelType: z.string(),
  ownerName: z.string(),
  transmission: z.string(),
  seats: z.number().int(),
  price: z.number().int(),
  createdOn: z.string(),
  listingStatus: z.enum(LISTING_STATUSES),
  /** Whether dealers see it on the list now (false while closed, or held by moderation). */
  listed: z.boolean(),
  expiresOn: z.string().nullable(),
  unlockCount: z.number().int(),
  maxDealers: z.number().int(),
  /** The owner proved the number with an SMS code at submission, and when; null when not. */
  phoneVerified: z.boolean(),
  verifiedOn: z.string().nullable(),
});
export type OwnerLead = z.infer<typeof ownerLeadSchema>;

export const ownerLeadUpdateSchema = z
  .object({
    price: z
      .number({ error: ownerMessages.price })
      .int(ownerMessages.price)
      .min(1, ownerMessages.price)
      .max(1_000_000_000, ownerMessages.priceTooLarge)
      .optional(),
    listingStatus: z.enum(['sold', 'withdrawn'], { error: ownerMessages.listingStatus }).optional(),
  })
  .refine((v) => v.price !== undefined || v.listingStatus !== undefined, {
    message: ownerMessages.nothingToChange,
  });
export type OwnerLeadUpdate = z.infer<typeof ownerLeadUpdateSchema>;

/**
 * Why moderation flagged a lead: a phone on many leads, a made-up phone, a price outside the market guide, a form
 * filled faster than a person can (`fast_fill`), many leads from one network in a day (`busy_ip`).
 */
export const MODERATION_FLAGS = [
  'repeated_phone',
  'fake_phone',
  'price_off_market',
  'fast_fill',
  'busy_ip',
] as const;
export type ModerationFlag = (typeof MODERATION_FLAGS)[number];

/** A flagged lead as the Admin's queue shows it: the lead's own fields (phone in full: only Admins read the queue). */
export const moderationItemSchema = leadSchema
  .pick({
    id: true,
    fullName: true,
    phoneNumber: true,
    city: true,
    brand: true,
    model: true,
    year: true,
    price: true,
    createdOn: true,
    status: true,
  })
  .extend({
    moderationStatus: z.enum(MODERATION_STATUSES),
    flags: z.array(z.enum(MODERATION_FLAGS)),
    /** Leads with this phone number submitted in the 30 days before this one, this one included. */
    phoneSubmissions: z.number().int(),
    note: z.string().nullable(),
  });
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(MODERATION_STATUSES).default('flagged'),
});

export const moderationDecisionSchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(500, 'The reason must be at most 500 characters'),
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;
