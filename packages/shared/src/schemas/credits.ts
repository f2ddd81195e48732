// Credits a dealer can trust (docs/credits.md): the balance, the packages behind it and the ledger of every change.
import { z } from './zod';
import { MAX_ID, idParam, memberRefSchema, pagingQuery } from './common';

export const LEDGER_KINDS = ['grant', 'unlock', 'refund', 'expiry', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A package ending within this many days is pointed out to its dealer. */
export const ENDING_SOON_DAYS = 3;
/** Entries per page of a ledger. */
export const LEDGER_PAGE_SIZE = 20;

export const creditPackageSchema = z.object({
  id: z.number().int(),
  packageName: z.string().nullable(),
  packageType: z.string(),
  credits: z.number().int(),
  balance: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  /** Usable today: started, not ended (an Unlimited one needs no balance). */
  live: z.boolean(),
  /** Ends within ENDING_SOON_DAYS days (today included). */
  endingSoon: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

/** `GET /api/me/credits`: the balance usable today and the active packages (live or starting later). */
export const creditsSummarySchema = z.object({
  balance: z.number().int(),
  /** The last day of a live Unlimited package, if the dealer holds one. */
  unlimitedUntil: z.string().nullable(),
  packages: z.array(creditPackageSchema),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

/** `GET /api/members/{userId}/credits`: the summary and whose it is, so the screen names the member (null: no such member). */
export const memberCreditsSummarySchema = creditsSummarySchema.extend({
  member: memberRefSchema.nullable(),
});
export type MemberCreditsSummary = z.infer<typeof memberCreditsSummarySchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  /** The member's total of every entry up to and including this one. */
  balanceAfter: z.number().int(),
  userPackageId: z.number().int(),
  packageName: z.string().nullable(),
  leadId: z.number().int().nullable(),
  /** 'year brand model' of the lead, for the link's text. */
  leadTitle: z.string().nullable(),
  orderId: z.number().int().nullable(),
  disputeId: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdOn: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerQuerySchema = pagingQuery(LEDGER_PAGE_SIZE).omit({ searchterm: true });

export const memberIdParams = z.object({ userId: idParam });

export const adjustmentMessages = {
  reasonRequired: 'Please enter a reason',
  amountRequired: 'Please enter a whole number of credits other than 0',
  packageRequired: 'Please select a package',
  notTheirs: "This package is not one of this member's",
  notRunning: 'Only an active package that has not ended can be adjusted',
  belowZero: (balance: number) =>
    `The balance cannot go below 0: this package has ${balance} credits left.`,
  adjusted: 'Credits adjusted',
} as const;

/** An Admin's change of a member's balance, on one of their packages, with a required reason. */
export const creditAdjustmentSchema = z.object({
  userPackageId: z
    .number({ error: adjustmentMessages.packageRequired })
    .int(adjustmentMessages.packageRequired)
    .positive(adjustmentMessages.packageRequired)
    .max(MAX_ID, adjustmentMessages.packageRequired),
  amount: z
    .number({ error: adjustmentMessages.amountRequired })
    .int(adjustmentMessages.amountRequired)
    .min(-100_000, 'Adjust by at most 100000 credits at a time')
    .max(100_000, 'Adjust by at most 100000 credits at a time')
    .refine((n) => n !== 0, adjustmentMessages.amountRequired),
  reason: z
    .string({ error: adjustmentMessages.reasonRequired })
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(500, 'Reason must be at most 500 characters'),
});
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;
