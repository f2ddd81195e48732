// Assigning packages on each engine: derived credits, dates and balance; refusals; who may read which assignment.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  userPackageMessages,
  type Pagination,
  type UserPackage,
} from '@dealerleads/shared';
import {
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { createPackage } from '../../test/fixtures';

describe.each(testEngines())('user packages on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer, other } = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: {},
    other: {},
  });
  let pro: number;
  let retired: number;

  beforeAll(async () => {
    pro = await createPackage(ctx, { credits: 50, validity: 60 });
    retired = await createPackage(ctx, { credits: 25, validity: 30, active: false });
  });

  /** `who` null: anonymous. */
  const add = (payload: Record<string, unknown>, who: TestMember | null = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/userpackage/add',
      payload,
      headers: bearer(who ?? undefined),
    });

  it('derives credits, unit, validity, end date and balance from the package', async () => {
    const res = await add({
      userId: dealer.id,
      packageId: pro,
      startDate: '2027-01-30',
      creditDebited: 5,
      packageBalanceCredits: 9999,
      packageCredits: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<UserPackage>(res)).toMatchObject({
      userId: dealer.id,
      userName: dealer.userName,
      packageId: pro,
      packageCredits: 50,
      packageUnit: 'Leads',
      packageValidity: 60,
      startDate: '2027-01-30',
      endDate: '2027-03-31',
      creditDebited: 5,
      packageBalanceCredits: 45,
      isActive: true,
    });
  });

  it('recomputes on update and may deactivate', async () => {
    const created = json<UserPackage>(
      await add({ userId: dealer.id, packageId: pro, startDate: '2027-02-01' }),
    );
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/userpackage/update/${created.id}`,
      headers: bearer(admin),
      payload: {
        userId: dealer.id,
        packageId: pro,
        startDate: '2027-02-10',
        creditDebited: 10,
        isActive: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      endDate: '2027-04-11',
      packageBalanceCredits: 40,
      isActive: false,
    });
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/userpackage/update/999999',
      headers: bearer(admin),
      payload: { userId: dealer.id, packageId: pro, startDate: '2027-02-10' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    [
      'an inactive package',
      () => ({ userId: dealer.id, packageId: retired, startDate: '2027-01-01' }),
      apiMessages.packageInactive,
    ],
    [
      'an unknown package',
      () => ({ userId: dealer.id, packageId: 999_999, startDate: '2027-01-01' }),
      apiMessages.packageNotFound,
    ],
    [
      'an unknown user',
      () => ({ userId: 999_999, packageId: pro, startDate: '2027-01-01' }),
      apiMessages.userNotFound,
    ],
    [
      'more credits debited than the package has',
      () => ({ userId: dealer.id, packageId: pro, startDate: '2027-01-01', creditDebited: 51 }),
      apiMessages.creditDebitedTooHigh,
    ],
  ])('refuses %s', async (_n, payload, message) => {
    const before = await ctx.database.db
      .selectFrom('user_packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await add(payload());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message });
    const after = await ctx.database.db
      .selectFrom('user_packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('shows the spec messages for missing fields', async () => {
    const res = await add({ startDate: '' });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.userId).toContain(userPackageMessages.userRequired);
    expect(errors.packageId).toContain(userPackageMessages.packageRequired);
    expect(errors.startDate).toContain(userPackageMessages.startDateRequired);
    expect(
      (await add({ userId: dealer.id, packageId: pro, startDate: '2026-02-30' })).statusCode,
    ).toBe(400);
  });

  it('lets only Admin assign, list all and search', async () => {
    expect(
      (await add({ userId: dealer.id, packageId: pro, startDate: '2027-01-01' }, dealer))
        .statusCode,
    ).toBe(403);
    expect(
      (await add({ userId: dealer.id, packageId: pro, startDate: '2027-01-01' }, null)).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/userpackage', headers: bearer(dealer) })).statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({
      url: `/api/userpackage?searchterm=${dealer.userName.toUpperCase()}&pageSize=1`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserPackage[]>()).toHaveLength(1);
    expect(JSON.parse(res.headers.pagination as string) as Pagination).toMatchObject({
      totalItems: 2,
      itemsPerPage: 1,
      totalPages: 2,
    });
  });

  it("lets a member read their own assignments and not another's", async () => {
    const mine = await ctx.app.inject({
      url: `/api/userpackage/user/${dealer.id}`,
      headers: bearer(dealer),
    });
    expect(mine.statusCode).toBe(200);
    const rows = mine.json<UserPackage[]>();
    expect(rows.length).toBe(2);
    expect(JSON.parse(mine.headers.pagination as string)).toMatchObject({
      itemsPerPage: 10,
      totalItems: 2,
    });
    expect(
      (await ctx.app.inject({ url: `/api/userpackage/user/${dealer.id}`, headers: bearer(other) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/userpackage/${rows[0]!.id}`, headers: bearer(dealer) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: `/api/userpackage/${rows[0]!.id}`, headers: bearer(other) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/userpackage/${rows[0]!.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/userpackage/999999', headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });
});
