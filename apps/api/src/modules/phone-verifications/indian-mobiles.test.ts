// Indian mobiles only, wherever a number is taken (design §11.1): through real HTTP on each engine, refused with the
// message and nothing stored.
import { describe, expect, it } from 'vitest';
import { leadWizardMessages, textMessages } from '@dealerleads/shared';
import { bearer, json, testEngines, useMembers, useTestApp } from '../../test/test-app';

type ValidationBody = { errors: Record<string, string[]> };

const lead = (phoneNumber: string) => ({
  year: 2020,
  brand: 'hyundai',
  model: 'Creta',
  ownerType: 'first',
  transmission: 'manual',
  fuelType: 'petrol',
  seats: 5,
  fullName: 'Suresh Nair',
  city: 'Noida',
  phoneNumber,
  price: 650_000,
  consent: true,
});

const signUp = (userName: string, phone: string) => ({
  userName,
  Name: 'Ravi Kumar',
  email: `${userName}@example.in`,
  phone,
  role: 'Dealer',
  pincode: '110001',
  state: 'Delhi',
  City: 'New Delhi',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
});

describe.each(testEngines())('Indian mobiles only on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });
  const leadCount = async (phoneNumber: string) =>
    (
      await ctx.database.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirstOrThrow()
    ).n;

  it.each(['5812345678', '0123456789', '1999999999'])(
    'refuses a lead with %s and stores nothing',
    async (phone) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: lead(phone) });
      expect(res.statusCode).toBe(400);
      expect(json<ValidationBody>(res).errors.phoneNumber).toContain(
        textMessages.notIndianMobile('Phone Number'),
      );
      expect(Number(await leadCount(phone))).toBe(0);
    },
  );

  it('keeps the 10-digit message for a short number', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: lead('98765') });
    expect(res.statusCode).toBe(400);
    expect(json<ValidationBody>(res).errors.phoneNumber).toContain(leadWizardMessages.phoneNumber);
  });

  it.each(['6000000001', '7012345678', '8123456789', '9876501234'])(
    'takes a lead with %s',
    async (phone) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: lead(phone) });
      expect(res.statusCode, res.body).toBe(201);
    },
  );

  it('refuses a sign-up with a number that is not a mobile and stores no member', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: signUp('landline.owner', '5812345678'),
    });
    expect(res.statusCode).toBe(400);
    expect(json<ValidationBody>(res).errors.phone).toContain(textMessages.notIndianMobile('Phone'));
    const row = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'landline.owner@example.in')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("refuses a member's edit to a number that is not a mobile and keeps the old one", async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${admin.id}`,
      headers: bearer(admin),
      payload: { phone: '5812345678' },
    });
    expect(res.statusCode).toBe(400);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).not.toBe('5812345678');
  });
});
