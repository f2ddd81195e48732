// Verified numbers (design §11.1, docs/phone-verification.md): ask for a code by SMS, confirm it for a signed token.
import { z } from './zod';
import { leadWizardMessages as m, textMessages } from '../messages';
import { INDIAN_MOBILE } from './common';

export const phoneVerificationMessages = {
  wrongCode: 'That code is not right. Check the SMS and try again.',
  expired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  notFound: 'This verification was not found. Ask for a new code.',
  resendTooSoon: 'Please wait a few seconds before asking for another code.',
  tooManyCodes: 'Too many codes were asked for this number. Try again later.',
  codeFormat: 'Enter the 6-digit code from the SMS.',
  verifyFirst: 'Please verify your mobile number.',
  otherNumber: 'This verification is for another number. Please verify this mobile number.',
} as const;

export const mobileNumberField = z
  .string({ error: m.phoneNumber })
  .trim()
  .regex(/^\d{10}$/, m.phoneNumber)
  .regex(INDIAN_MOBILE, textMessages.notIndianMobile('Phone Number'));

export const phoneVerificationRequestSchema = z.object({ phoneNumber: mobileNumberField });

export const phoneVerificationSchema = z.object({
  id: z.string(),
  expiresAt: z.string(),
  /** When another code may be asked for this number. */
  resendAfter: z.string(),
});

export const phoneVerificationIdParams = z.object({
  id: z.string().regex(/^[\w-]{1,40}$/, phoneVerificationMessages.notFound),
});

export const phoneVerificationConfirmSchema = z.object({
  code: z
    .string({ error: phoneVerificationMessages.codeFormat })
    .trim()
    .regex(/^\d{6}$/, phoneVerificationMessages.codeFormat),
});

export const phoneVerificationTokenSchema = z.object({ verificationToken: z.string() });

export type PhoneVerification = z.infer<typeof phoneVerificationSchema>;
export type PhoneVerificationToken = z.infer<typeof phoneVerificationTokenSchema>;
