// Members (users) as listed and edited by admins and by themselves (docs/screens.md).
import { LANGUAGES } from './push';
import { z } from './zod';
import { PAGE_SIZE, LIMITS } from '../constants';
import { password, pagingQuery, queryBoolean, requiredText } from './common';
import { emailField, phoneField, pincodeField, roleSchema } from './account';

export const memberSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string(),
  pincode: z.string().nullable(),
  state: z.string().nullable(),
  role: roleSchema,
  status: z.boolean(),
  /** The member clicked the verification link sent to `email`: alerts and digests go to it only then. */
  emailVerified: z.boolean(),
  createdOn: z.string(),
  /** The member's language (PUT /api/me/preferences); null: each device's own choice. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberFilterSchema = pagingQuery(PAGE_SIZE.members).extend({
  city: z.string().trim().max(LIMITS.textMax).optional(),
  status: queryBoolean.optional(),
});
export type MemberFilter = z.infer<typeof memberFilterSchema>;

/** The member edit form. Role and status are admin-only (docs/deviations.md); an empty password keeps the old one. */
export const memberUpdateSchema = z.object({
  name: requiredText('Name'),
  city: requiredText('City'),
  pincode: pincodeField,
  phone: phoneField,
  email: emailField,
  role: roleSchema.optional(),
  status: z.boolean({ error: 'Status must be true or false' }).optional(),
  password: z.union([z.literal(''), password()]).optional(),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const memberDropdownItemSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  /** So an Admin's user picker finds a member by phone too. */
  phone: z.string().nullable(),
});
export type MemberDropdownItem = z.infer<typeof memberDropdownItemSchema>;
