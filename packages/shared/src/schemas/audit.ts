// The audit trail of Admin actions (and of a member's own password reset): every audited action is one of these names.
import { z } from './zod';
import { LIMITS } from '../constants';
import { isoDate, memberRefSchema, pagingQuery } from './common';

export const AUDIT_ACTIONS = [
  'member.update',
  'member.password',
  'member.password-reset',
  'package.create',
  'package.update',
  'package.deactivate',
  'assignment.create',
  'assignment.update',
  'lead.update',
  'lead.moderate',
  'photo.remove',
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

/** One entry of the log as the API answers it (never a password or its hash: those are '[redacted]'). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorUserName: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The member the action was about (a member, or one of their packages), named; null for other targets. */
  targetMember: memberRefSchema.nullable(),
  changes: auditChangesSchema,
  createdOn: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Page size of the Audit screen. */
export const AUDIT_PAGE_SIZE = 25;

/**
 * `GET /api/admin/audit` filters: the actor's user name (exact, any case), one action, and a range of calendar days
 * in India's time zone (`from` and `to` both included). Newest first.
 */
export const auditFilterSchema = pagingQuery(AUDIT_PAGE_SIZE)
  .omit({ searchterm: true })
  .extend({
    actor: z
      .string()
      .trim()
      .max(LIMITS.userNameMax, `actor must be at most ${LIMITS.userNameMax} characters`)
      .optional(),
    action: z
      .enum(AUDIT_ACTIONS, { error: 'action must be one of the audited actions' })
      .optional(),
    from: isoDate('from must be a date (YYYY-MM-DD)').optional(),
    to: isoDate('to must be a date (YYYY-MM-DD)').optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;
