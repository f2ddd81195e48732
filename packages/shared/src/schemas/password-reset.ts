// Forgot password (design §11.1, docs/accounts.md): a code by SMS to the member's mobile or a signed link to their
// verified e-mail, and the same answer whether or not the login belongs to anyone.
import { z } from './zod';
import { LIMITS } from '../constants';
import { password, requiredText } from './common';

export const passwordResetMessages = {
  /** The one answer to every request, member or not (no account enumeration). */
  sent: 'If this belongs to a DealerLeads member, we sent a 6-digit code to their registered mobile and, if their e-mail address is verified, a reset link to it.',
  wrongCode: 'That code is not right. Check the SMS and try again.',
  expired: 'This code has expired or was already used. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  tooManyResets: 'Too many password resets were asked for this login. Try again later.',
  linkInvalid: 'This reset link is not valid, has expired or was already used. Ask for a new one.',
  codeFormat: 'Enter the 6-digit code from the SMS.',
  done: 'Your password was changed. Log in with your new password.',
} as const;

/** A user name, e-mail address or 10-digit mobile, as the member typed it. */
export const passwordResetLoginField = requiredText('Login', LIMITS.emailMax);

export const passwordResetRequestSchema = z.object({ login: passwordResetLoginField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetCodeField = z
  .string({ error: passwordResetMessages.codeFormat })
  .trim()
  .regex(/^\d{6}$/, passwordResetMessages.codeFormat);

export const passwordResetConfirmSchema = z.object({
  login: passwordResetLoginField,
  code: passwordResetCodeField,
  newPassword: password('New Password'),
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const passwordResetLinkSchema = z.object({
  token: z
    .string({ error: passwordResetMessages.linkInvalid })
    .max(200, passwordResetMessages.linkInvalid),
  newPassword: password('New Password'),
});
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

/** Every answer of the three routes that is not an error. */
export const passwordResetAnswerSchema = z.object({ message: z.string() });
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;
