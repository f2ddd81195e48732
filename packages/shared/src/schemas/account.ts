// Sign-up, login and the current user (docs/rules.md, docs/api.md).
import { z } from './zod';
import { LANGUAGES } from './push';
import { LIMITS } from '../constants';
import { textMessages } from '../messages';
import { ROLES, SIGNUP_ROLES } from '../catalogues/options';
import { INDIAN_MOBILE, optionalDigits, password, requiredText } from './common';
import { hasDisguisingCharacters, userNameCharactersMessage, userNameKey } from '../user-name';

/** Names that are path segments of the members API (`/api/users/dropdown`), so no member may take them. */
const RESERVED_USER_NAMES = ['dropdown', 'update'];

export const userNameField = requiredText('Username', LIMITS.userNameMax)
  .refine((v) => !/\s/.test(v), 'Username must not contain spaces')
  .refine((v) => !hasDisguisingCharacters(v), userNameCharactersMessage)
  .refine((v) => !RESERVED_USER_NAMES.includes(userNameKey(v)), 'This username is reserved');

export const emailField = requiredText('Email', LIMITS.emailMax).pipe(
  z.email({ error: 'Please enter a valid Email' }),
);

export const phoneField = optionalDigits('Phone', LIMITS.phoneLength).refine(
  (v) => v === undefined || v === '' || !/^\d{10}$/.test(v) || INDIAN_MOBILE.test(v),
  textMessages.notIndianMobile('Phone'),
);
export const pincodeField = optionalDigits('Pincode', LIMITS.pincodeLength);

/** The sign-up form's fields, without the cross-field password check (forms extend it). */
export const registrationFields = z.object({
  userName: userNameField,
  Name: requiredText('Name'),
  email: emailField,
  phone: phoneField,
  // Nothing chosen reads like every other required field; only a wrong value lists the choices.
  role: z.enum(SIGNUP_ROLES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? textMessages.required('Role')
        : `Role must be one of ${SIGNUP_ROLES.join(', ')}`,
  }),
  pincode: pincodeField,
  state: requiredText('State'),
  City: requiredText('City'),
  password: password(),
  confirmPassword: z
    .string({ error: textMessages.required('Confirm Password') })
    .min(1, textMessages.required('Confirm Password')),
});

export const registrationSchema = registrationFields.refine(
  (v) => v.password === v.confirmPassword,
  { message: textMessages.passwordsMustMatch, path: ['confirmPassword'] },
);
export type Registration = z.infer<typeof registrationSchema>;

export const loginSchema = z.object({
  userName: requiredText('Username', LIMITS.userNameMax),
  password: z
    .string({ error: textMessages.required('Password') })
    .min(1, textMessages.required('Password'))
    .max(LIMITS.passwordMax * 4),
});
export type Login = z.infer<typeof loginSchema>;

export const roleSchema = z.enum(ROLES);

/** docs/rules.md "Current user", kept in localStorage['user']. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  token: z.string(),
  role: roleSchema,
  /** The member's saved language (PUT /api/me/preferences); null or absent: the device's own choice. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
