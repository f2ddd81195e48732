// POST /api/leads and a proven number (design §11.1) through real HTTP on each engine: required refuses without a
// token for the number and stores nothing; optional takes the lead and records whether it was proven.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  phoneVerificationMessages as msg,
  type LeadSubmissionResult,
  type PhoneVerification,
  type PhoneVerificationToken,
} from '@dealerleads/shared';
import { json, testEngines, useTestApp } from '../../test/test-app';

const lead = (phoneNumber: string, model: string, verificationToken?: string) => ({
  year: 2020,
  brand: 'hyundai',
  model,
  ownerType: 'first',
  transmission: 'manual',
  fuelType: 'petrol',
  seats: 5,
  fullName: 'Suresh Nair',
  city: 'Noida',
  phoneNumber,
  price: 650_000,
  consent: true,
  ...(verificationToken === undefined ? {} : { verificationToken }),
});

describe.each(testEngines())('verified leads on %s', (engine) => {
  for (const mode of ['required', 'optional'] as const) {
    describe(`PHONE_VERIFICATION=${mode}`, () => {
      const outboxDir = mkdtempSync(path.join(tmpdir(), 'dl-sms-'));
      const ctx = useTestApp(engine, {
        config: { phoneVerification: mode, sms: { provider: 'outbox', outboxDir } },
      });
      afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

      const tokenFor = async (phoneNumber: string) => {
        const started = await ctx.app.inject({
          method: 'POST',
          url: '/api/phone-verifications',
          payload: { phoneNumber },
        });
        const { id } = json<PhoneVerification>(started);
        const file = readdirSync(outboxDir)
          .filter((f) => f.endsWith(`-${phoneNumber}.txt`))
          .sort()
          .at(-1)!;
        const code = /(\d{6}) is your/.exec(readFileSync(path.join(outboxDir, file), 'utf8'))![1]!;
        const confirmed = await ctx.app.inject({
          method: 'POST',
          url: `/api/phone-verifications/${id}/confirm`,
          payload: { code },
        });
        return json<PhoneVerificationToken>(confirmed).verificationToken;
      };
      const submit = (payload: ReturnType<typeof lead>) =>
        ctx.app.inject({ method: 'POST', url: '/api/leads', payload });
      const stored = (phone: string) =>
        ctx.database.db
          .selectFrom('leads')
          .select(['phone_verified', 'verified_on'])
          .where('phone_number', '=', phone)
          .execute();

      it('takes a lead with a token for its number and marks it verified', async () => {
        const phone = mode === 'required' ? '9876511001' : '9876522001';
        const res = await submit(lead(phone, 'Creta', await tokenFor(phone)));
        expect(res.statusCode, res.body).toBe(201);
        expect(json<LeadSubmissionResult>(res).manageUrl).toBeTruthy();
        const rows = await stored(phone);
        expect(rows).toHaveLength(1);
        expect(Boolean(rows[0]!.phone_verified)).toBe(true);
        expect(rows[0]!.verified_on).not.toBeNull();
      });

      it('refuses a token for another number and stores nothing', async () => {
        const phone = mode === 'required' ? '9876511002' : '9876522002';
        const other = mode === 'required' ? '9876511003' : '9876522003';
        const res = await submit(lead(phone, 'Venue', await tokenFor(other)));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(msg.otherNumber);
        expect(await stored(phone)).toHaveLength(0);
      });

      it('refuses a forged token and stores nothing', async () => {
        const phone = mode === 'required' ? '9876511004' : '9876522004';
        const res = await submit(lead(phone, 'Venue', `${phone}.9999999999.${'a'.repeat(43)}`));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(msg.verifyFirst);
        expect(await stored(phone)).toHaveLength(0);
      });

      it(
        mode === 'required'
          ? "refuses a lead without a token: 'Please verify your mobile number.'"
          : 'takes a lead without a token as unverified',
        async () => {
          const phone = mode === 'required' ? '9876511005' : '9876522005';
          const res = await submit(lead(phone, 'Creta'));
          if (mode === 'required') {
            expect(res.statusCode).toBe(400);
            expect(res.json().message).toBe('Please verify your mobile number.');
            expect(await stored(phone)).toHaveLength(0);
          } else {
            expect(res.statusCode, res.body).toBe(201);
            const rows = await stored(phone);
            expect(Boolean(rows[0]!.phone_verified)).toBe(false);
            expect(rows[0]!.verified_on).toBeNull();
          }
        },
      );
    });
  }
});
