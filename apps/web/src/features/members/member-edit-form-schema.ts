// The member edit form's schema (docs/screens.md): the API's member update with role and status as form values.
import { z } from 'zod';
import {
  memberUpdateSchema,
  roleSchema,
  type Member,
  type MemberUpdate,
} from '@dealerleads/shared';

export const memberEditFormSchema = memberUpdateSchema.extend({
  role: roleSchema,
  // A select's value; 'true' is active (docs/rules.md "Member status").
  status: z.enum(['true', 'false']),
});
export type MemberEditFormValues = z.input<typeof memberEditFormSchema>;
export type MemberEditFormOutput = z.output<typeof memberEditFormSchema>;

/** Fields in screen order, so the error list reads top to bottom. */
export const memberEditFieldOrder = [
  'name',
  'city',
  'pincode',
  'phone',
  'email',
  'role',
  'status',
  'password',
] as const satisfies readonly (keyof MemberEditFormValues)[];

export function memberFormValues(member: Member): MemberEditFormValues {
  return {
    name: member.name,
    city: member.city,
    pincode: member.pincode ?? '',
    phone: member.phone ?? '',
    email: member.email,
    role: member.role,
    status: member.status ? 'true' : 'false',
    password: '',
  };
}

/**
 * The PUT body. Role and status travel only when the editor may change them: the API answers 403 to
 * a member who sends those keys at all, even unchanged (docs/deviations.md). An empty password is left
 * out, which keeps the stored one.
 */
export function memberUpdateOf(
  values: MemberEditFormOutput,
  { includeRoleAndStatus }: { includeRoleAndStatus: boolean },
): MemberUpdate {
  const update: MemberUpdate = {
    name: values.name,
    city: values.city,
    pincode: values.pincode ?? '',
    phone: values.phone ?? '',
    email: values.email,
  };
  if (includeRoleAndStatus) {
    update.role = values.role;
    update.status = values.status === 'true';
  }
  if (values.password) update.password = values.password;
  return update;
}
