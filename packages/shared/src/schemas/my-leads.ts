// My Leads: stages, notes and follow-ups on the leads a dealer unlocked (docs/my-leads-and-alerts.md).
import { z } from './zod';
import { isoDate, pagingQuery } from './common';
import { disputeOutcomeSchema } from './disputes';
import { LISTING_STATUSES } from './lead';

import { FOLLOW_UP_VIEWS, LEAD_STAGES, MY_LEADS_PAGE_SIZE, NOTE_MAX } from '../my-leads-constants';

const stage = z.enum(LEAD_STAGES, {
  error: `Stage must be one of ${LEAD_STAGES.join(', ')}`,
});

/** `GET /api/me/leads` and `GET /api/me/leads.csv`: the My Leads view. */
export const myLeadsQuerySchema = pagingQuery(MY_LEADS_PAGE_SIZE).extend({
  stage: stage.optional(),
  due: z.enum(FOLLOW_UP_VIEWS, { error: 'due must be today or overdue' }).optional(),
});
export type MyLeadsQuery = z.infer<typeof myLeadsQuerySchema>;

/** One unlocked lead as its dealer works it: full contact (the dealer paid for it), stage, last note, follow-up. */
export const myLeadSchema = z.object({
  leadId: z.number().int(),
  fullName: z.string(),
  phoneNumber: z.string(),
  city: z.string(),
  brand: z.string(),
  model: z.string(),
  varient: z.string().nullable(),
  year: z.number().int(),
  fuelType: z.string(),
  transmission: z.string(),
  price: z.number().int(),
  kmDriven: z.number().int().nullable(),
  /** Whether the car is still on offer: the owner may have sold or withdrawn it, or it expired. */
  listingStatus: z.enum(LISTING_STATUSES),
  unlockedOn: z.string(),
  stage,
  followUpOn: z.string().nullable(),
  lastNote: z.string().nullable(),
  lastNoteOn: z.string().nullable(),
  /** The dealer's dispute of this unlock and its outcome, if they reported a problem. */
  dispute: disputeOutcomeSchema.nullable(),
  /** The last moment (ISO) a problem with this lead can be reported: 7 × 24 h after the unlock. */
  disputableUntil: z.string(),
  /** The owner proved the number with an SMS code (docs/phone-verification.md), and when; null when not. */
  phoneVerified: z.boolean(),
  verifiedOn: z.string().nullable(),
});
export type MyLead = z.infer<typeof myLeadSchema>;

/** `PUT /api/me/leads/{leadId}`: a new stage and/or follow-up date (null clears it); at least one. */
export const myLeadUpdateSchema = z
  .object({
    stage: stage.optional(),
    followUpOn: isoDate('Follow-up date must be a date YYYY-MM-DD').nullable().optional(),
  })
  .refine((v) => v.stage !== undefined || v.followUpOn !== undefined, {
    message: 'Give a stage or a follow-up date',
  });
export type MyLeadUpdate = z.infer<typeof myLeadUpdateSchema>;

export const leadNoteCreateSchema = z.object({
  text: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
});
export type LeadNoteCreate = z.infer<typeof leadNoteCreateSchema>;

export const leadNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdOn: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

/** The nav badge: follow-ups due today and overdue (India time). */
export const followUpCountsSchema = z.object({
  dueToday: z.number().int(),
  overdue: z.number().int(),
});
export type FollowUpCounts = z.infer<typeof followUpCountsSchema>;
