// Mass assignment on each engine: fields a client has no say over (role, status, ids, balances, charges, dates)
// slipped into non-admin bodies change nothing they should not.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, type UnlockResult } from '@dealerleads/shared';
import { bearer, createMember, json, testEngines, useMembers, useTestApp } from '../test/test-app';
import { balanceOf, createUserPackage, createLeads, ledgerOf } from '../test/fixtures';
import { ledgerViolations } from './ledger-check';

/** Everything a non-admin body might try to set on its own. */
const smuggled = {
  id: 1,
  userId: 1,
  role: 'Admin',
  status: false,
  isActive: false,
  packageBalanceCredits: 1_000_000,
  packageCredits: 1_000_000,
  creditDebited: 0,
  charged: false,
  creditsRemaining: 999,
  unlocked: true,
  userName: 'admin',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA',
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA',
  createdOn: '2000-01-01T00:00:00.000Z',
};

describe.each(testEngines())('mass assignment on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });
  let leads: { id: number; phone: string }[];

  beforeAll(async () => {
    leads = await createLeads(
      ctx,
      Array.from({ length: 6 }, () => ({})),
    );
  });

  const userRow = (id: number) =>
    ctx.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps user name, role, status, hash and creation date when a member edits their profile with extra fields', async () => {
    const dealer = await createMember(ctx);
    const before = await userRow(dealer.id);
    const { role: _role, status: _status, ...extras } = smuggled;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${dealer.id}`,
      headers: bearer(dealer),
      payload: {
        ...extras,
        id: admin.id,
        userId: admin.id,
        name: 'New Name',
        city: 'Noida',
        email: `${dealer.userName}@example.in`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await userRow(dealer.id);
    expect(after).toEqual({ ...before, name: 'New Name', city: 'Noida' });
    // The Admin named by the smuggled ids is untouched.
    expect((await userRow(admin.id)).name).toBe(`Member ${admin.userName}`);
  });

  it('refuses a member sending a role or status at all, changing nothing', async () => {
    const dealer = await createMember(ctx);
    const before = await userRow(dealer.id);
    for (const extra of [{ role: 'Admin' }, { status: true }, { role: 'Dealer' }]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/update/${dealer.id}`,
        headers: bearer(dealer),
        payload: { name: 'X', city: 'Noida', email: 'x@example.in', ...extra },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, message: apiMessages.ownRoleOrStatus });
    }
    expect(await userRow(dealer.id)).toEqual(before);
  });

  it('signs up as the chosen sign-up role only: never Admin, never inactive, never a chosen id', async () => {
    const base = {
      Name: 'New Dealer',
      email: 'new@example.in',
      state: 'Delhi',
      City: 'New Delhi',
      password: 'Passw0rd!long',
      confirmPassword: 'Passw0rd!long',
    };
    const selfMadeAdmin = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { ...base, userName: `wannabe${Date.now()}`, role: 'Admin' },
    });
    expect(selfMadeAdmin.statusCode).toBe(400);
    expect(selfMadeAdmin.json()).toMatchObject({ errors: { role: [expect.any(String)] } });

    const userName = `smuggler${Date.now()}`;
    const { role: _role, userName: _name, ...extras } = smuggled;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { ...extras, ...base, userName, role: 'Dealer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await userRow(res.json<{ id: number }>().id);
    expect(row).toMatchObject({ user_name: userName, role: 'Dealer' });
    expect(row.id).not.toBe(1);
    expect(row.status === 1 || row.status === true).toBe(true);
    expect(row.password_hash).not.toBe(smuggled.password_hash);
    expect(row.created_on.startsWith('2000')).toBe(false);
  });

  it('stores a submitted lead as a new Active lead dated now, whatever the body says', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        ...smuggled,
        id: leads[0]!.id,
        year: 2020,
        brand: 'kia',
        model: 'Seltos',
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: 'Owner',
        city: 'Noida',
        phoneNumber: '9123456780',
        price: 900_000,
        consent: true,
        listingStatus: 'sold',
        moderationStatus: 'approved',
        expiresOn: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect(id).not.toBe(leads[0]!.id);
    const row = await ctx.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status === 1 || row.status === true).toBe(true);
    expect(row.created_on.startsWith('2000')).toBe(false);
    expect(row).toMatchObject({ listing_status: 'open', moderation_status: 'clear' });
    expect(row.expires_on?.startsWith('2000')).toBe(false);
    const original = await ctx.database.db
      .selectFrom('leads')
      .select('phone_number')
      .where('id', '=', leads[0]!.id)
      .executeTakeFirstOrThrow();
    expect(original.phone_number).toBe(leads[0]!.phone);
  });

  it("charges the caller's own package for an unlock whatever user, package or charge the body names", async () => {
    const dealer = await createMember(ctx);
    const other = await createMember(ctx);
    const mine = await createUserPackage(ctx, dealer.id, { credits: 3 });
    const theirs = await createUserPackage(ctx, other.id, { credits: 3 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${leads[1]!.id}/unlock`,
      headers: bearer(dealer),
      payload: { ...smuggled, userId: other.id, userPackageId: theirs, userPackageMapId: theirs },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<UnlockResult>(res)).toMatchObject({ charged: true, creditsRemaining: 2 });
    expect(await balanceOf(ctx, mine)).toMatchObject({ balance: 2, credit_debited: 1 });
    expect(await balanceOf(ctx, theirs)).toMatchObject({ balance: 3, credit_debited: 0 });
    expect(await ledgerOf(ctx, other.id)).toEqual([]);
    expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id, other.id] })).toEqual([]);
  });

  it('takes exactly one credit on subtract-credit whatever balance the body names', async () => {
    const dealer = await createMember(ctx);
    const mine = await createUserPackage(ctx, dealer.id, { credits: 5 });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/userpackage/subtractcredit/${mine}`,
      headers: bearer(dealer),
      payload: smuggled,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, mine)).toMatchObject({ balance: 4, credit_debited: 1 });
  });

  it('never records a free lead view because the body says creditDebited 0, and logs the real client address', async () => {
    const dealer = await createMember(ctx);
    const mine = await createUserPackage(ctx, dealer.id, { credits: 5 });
    const view = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/userpackagelead/add',
        headers: bearer(dealer),
        remoteAddress: '198.51.100.23',
        payload: { userPackageMapId: mine, leadId: leads[2]!.id, ...body },
      });
    const free = await view({ creditDebited: 0 });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({ status: 400, message: apiMessages.spendCreditFirst });
    expect(await ledgerOf(ctx, dealer.id)).toEqual([]);

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/userpackage/subtractcredit/${mine}`,
      headers: bearer(dealer),
    });
    const paid = await view({ creditDebited: 0, ipAddress: '10.0.0.1' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ledgerOf(ctx, dealer.id)).toMatchObject([
      { lead_id: leads[2]!.id, credit_debited: 1, ip_address: '198.51.100.23' },
    ]);
    expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
  });
});
