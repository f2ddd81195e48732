// The audit trail of Admin actions: every action an Admin can take is one of these names.
import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'member.update',
  'member.password',
  'package.create',
  'package.update',
  'package.deactivate',
  'assignment.create',
  'assignment.update',
  'lead.update',
  'lead.moderate',
  'credits.adjust',
  'order.confirm',
  'order.reject',
  'dispute.approve',
  'dispute.reject',
  'settings.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What changed, field by field. */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ before: z.unknown(), after: z.unknown() }),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;
