// POST /api/phone-verifications and its confirm (docs/phone-verification.md): a code by SMS to the owner's mobile, then
// the signed token the lead is submitted with. Open calls like the submission itself, so no stale session is sent.
import type { PhoneVerification, PhoneVerificationToken } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function requestPhoneCode(phoneNumber: string): Promise<PhoneVerification> {
  return api.post<PhoneVerification>(
    '/phone-verifications',
    { phoneNumber },
    { handleErrors: true, anonymous: true },
  );
}

export function confirmPhoneCode(id: string, code: string): Promise<PhoneVerificationToken> {
  return api.post<PhoneVerificationToken>(
    `/phone-verifications/${encodeURIComponent(id)}/confirm`,
    { code },
    { handleErrors: true, anonymous: true },
  );
}
