// A package assigned to a user (spec "user package map"), its admin form, and the lead unlock ledger.
import { z } from './zod';
import { PAGE_SIZE } from '../constants';
import { userPackageMessages as m } from '../messages';
import { PACKAGE_UNITS } from '../catalogues/options';
import { MAX_ID, idParam, isoDate, pagingQuery } from './common';
import { leadSchema } from './lead';

export const userPackageSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  packageId: z.number().int(),
  packageName: z.string().nullable(),
  packageType: z.string().nullable(),
  packageCredits: z.number().int(),
  packageUnit: z.enum(PACKAGE_UNITS),
  packageValidity: z.number().int(),
  packageBalanceCredits: z.number().int(),
  creditDebited: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
});
export type UserPackage = z.infer<typeof userPackageSchema>;

/** The admin form: the server derives credits, unit, validity, end date and balance from the package. */
export const userPackageInputSchema = z.object({
  userId: z
    .number({ error: m.userRequired })
    .int(m.userRequired)
    .positive(m.userRequired)
    .max(MAX_ID, m.userRequired),
  packageId: z
    .number({ error: m.packageRequired })
    .int(m.packageRequired)
    .positive(m.packageRequired)
    .max(MAX_ID, m.packageRequired),
  startDate: isoDate(m.startDateRequired).refine(
    (v) => v >= '1900-01-01' && v <= '9999-12-31',
    'The start date must be in 1900 or later',
  ),
  creditDebited: z
    .number({ error: 'Credits debited must be a whole number' })
    .int('Credits debited must be a whole number')
    .min(0, 'Credits debited must be 0 or more')
    .max(1_000_000_000, 'This number is too large')
    .default(0),
  isActive: z.boolean({ error: 'Status must be true or false' }).optional(),
});
export type UserPackageInput = z.input<typeof userPackageInputSchema>;

export const userPackageSearchSchema = pagingQuery(PAGE_SIZE.userPackages);

/** docs/rules.md "Package-lead view record". */
export const leadViewRecordSchema = z.object({
  userPackageMapId: idParam,
  leadId: idParam,
  creditDebited: z.number().int().min(0).max(1).default(1),
  ipAddress: z.string().trim().max(255).optional(),
});
export type LeadViewRecord = z.infer<typeof leadViewRecordSchema>;

export const checkLeadViewedQuerySchema = z.object({ userId: idParam, leadId: idParam });

/** What `POST /api/leads/{id}/unlock` answers on success. */
export const unlockResultSchema = z.object({
  lead: leadSchema,
  /** true when this call debited a credit; false when it was already unlocked, for Admin, or Unlimited. */
  charged: z.boolean(),
  /** The balance of the package used, or null when no package was involved (Admin, already unlocked). */
  creditsRemaining: z.number().int().nullable(),
});
export type UnlockResult = z.infer<typeof unlockResultSchema>;

export const subtractCreditResultSchema = userPackageSchema;

export const defaultUserPackagePageSize = PAGE_SIZE.userPackages;
