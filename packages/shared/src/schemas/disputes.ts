// Disputes and refunds (docs/credits.md "Disputes and refunds"): a dealer reports a problem with a lead they
// unlocked, the Admin approves (a refund) or rejects it.
import { z } from './zod';
import { pagingQuery } from './common';

export const DISPUTE_REASONS = [
  'wrong_number',
  'unreachable',
  'already_sold',
  'not_owner',
  'duplicate',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** How long after the unlock a dealer may dispute it: exactly 7 × 24 hours. */
export const DISPUTE_WINDOW_HOURS = 7 * 24;
/** Approved disputes of these reasons that take a lead off the list once there are this many. */
export const DEACTIVATING_REASONS: readonly DisputeReason[] = ['wrong_number', 'not_owner'];
export const DISPUTES_TO_DEACTIVATE = 2;
export const DISPUTE_NOTE_MAX = 500;
/** Disputes per page of the Admin queue. */
export const DISPUTES_PAGE_SIZE = 25;
/** The name of the one-credit package a refund creates when the original package has ended. */
export const REFUND_PACKAGE_NAME = 'Refund credit';
/** Its validity in days. */
export const REFUND_PACKAGE_DAYS = 30;

export const disputeReasonLabels: Record<DisputeReason, string> = {
  wrong_number: 'Wrong number',
  unreachable: 'Owner unreachable',
  already_sold: 'Car already sold',
  not_owner: 'Not the owner',
  duplicate: 'Duplicate lead',
};

export const disputeStatusLabels: Record<DisputeStatus, string> = {
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const disputeMessages = {
  reasonRequired: 'Please choose what is wrong with this lead',
  noteTooLong: `Note must be at most ${DISPUTE_NOTE_MAX} characters`,
  notUnlocked: 'You can report a problem only with a lead you unlocked.',
  tooLate: 'A problem can be reported within 7 days of the unlock only.',
  alreadyDisputed: 'You have already reported a problem with this lead.',
  notFound: 'Dispute not found',
  alreadyDecided: 'This dispute has already been decided.',
  reported: 'Problem reported. An Admin will review it.',
  approvedRefunded: 'Dispute approved: 1 credit refunded.',
  approvedToNewPackage: `Dispute approved: 1 credit refunded as a new ${REFUND_PACKAGE_DAYS}-day package (the original one has ended).`,
  approvedUnlimited:
    'Dispute approved. No credit was refunded: the lead was unlocked with an Unlimited package.',
  rejected: 'Dispute rejected.',
  leadDeactivated: 'The lead was taken off the list: two dealers reported a wrong number or owner.',
} as const;

const note = z
  .string()
  .trim()
  .max(DISPUTE_NOTE_MAX, disputeMessages.noteTooLong)
  .optional()
  .transform((v) => (v === undefined || v === '' ? null : v));

/** `POST /api/leads/{id}/disputes`: a reason is required, the note is optional. */
export const disputeCreateSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: disputeMessages.reasonRequired }),
  note,
});
export type DisputeCreate = z.input<typeof disputeCreateSchema>;

/** `PUT /api/disputes/{id}/approve|reject`: the Admin's note (optional) the dealer sees. */
export const disputeDecisionSchema = z.object({ note });
export type DisputeDecision = z.input<typeof disputeDecisionSchema>;

/** The outcome a dealer sees on My Leads. */
export const disputeOutcomeSchema = z.object({
  id: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASONS),
  adminNote: z.string().nullable(),
});
export type DisputeOutcome = z.infer<typeof disputeOutcomeSchema>;

export const disputeSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  /** 'year brand model' of the lead. */
  leadTitle: z.string(),
  userId: z.number().int(),
  reason: z.enum(DISPUTE_REASONS),
  note: z.string().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  adminNote: z.string().nullable(),
  unlockedOn: z.string(),
  createdOn: z.string(),
  decidedOn: z.string().nullable(),
  /** Whether approving it refunded a credit (false for Unlimited unlocks and undecided disputes). */
  refunded: z.boolean(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** One dispute in the Admin queue: the lead, the dealer, and the lead's other disputes. */
export const adminDisputeSchema = disputeSchema.extend({
  dealerUserName: z.string(),
  dealerName: z.string(),
  leadCity: z.string(),
  leadActive: z.boolean(),
  otherDisputes: z.array(
    z.object({
      id: z.number().int(),
      reason: z.enum(DISPUTE_REASONS),
      status: z.enum(DISPUTE_STATUSES),
      dealerUserName: z.string(),
    }),
  ),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** `GET /api/disputes?status&pageNumber&pageSize`: pending first, then newest first. */
export const disputeQueueQuerySchema = pagingQuery(DISPUTES_PAGE_SIZE)
  .omit({ searchterm: true })
  .extend({
    status: z
      .enum(DISPUTE_STATUSES, { error: `status must be one of ${DISPUTE_STATUSES.join(', ')}` })
      .optional(),
  });
export type DisputeQueueQuery = z.infer<typeof disputeQueueQuerySchema>;

/** The answer to a decision: the dispute, and what the refund did. */
export const disputeDecisionResultSchema = z.object({
  dispute: adminDisputeSchema,
  refund: z.enum(['original', 'newPackage', 'none']),
  leadDeactivated: z.boolean(),
  message: z.string(),
});
export type DisputeDecisionResult = z.infer<typeof disputeDecisionResultSchema>;

/** The last moment (ISO) a dealer may dispute an unlock made at `unlockedOn` (ISO). */
export function disputableUntil(unlockedOn: string): string {
  return new Date(Date.parse(unlockedOn) + DISPUTE_WINDOW_HOURS * 3_600_000).toISOString();
}
