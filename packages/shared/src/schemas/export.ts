// `GET /api/me/export`: everything the product holds about the caller, as one JSON document (a member's right of
// access under India's DPDP Act).
import { z } from './zod';
import { savedSearchSchema } from './alerts';
import { ledgerEntrySchema } from './credits';
import { memberSchema } from './member';
import { userPackageSchema } from './user-package';
import { myLeadSchema } from './my-leads';

export const exportedNoteSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  text: z.string(),
  createdOn: z.string(),
});

export const memberExportSchema = z.object({
  exportedOn: z.string(),
  profile: memberSchema,
  /** Every package assigned to or bought by the member, newest first. */
  packages: z.array(userPackageSchema),
  /** Every credit ledger entry, newest first. */
  ledger: z.array(ledgerEntrySchema),
  /** Every lead the member unlocked, with the contact they paid for, stage and follow-up; newest unlock first. */
  unlockedLeads: z.array(myLeadSchema),
  /** Every note the member wrote on their leads, oldest first. */
  notes: z.array(exportedNoteSchema),
  /** Every saved search with its filters and e-mail choice, newest first. */
  savedSearches: z.array(savedSearchSchema),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
