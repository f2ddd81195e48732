// Buying a package by UPI on each engine: ordering, the UPI link, the UTR, the member's orders and receipts, the
// Admin's confirm/reject (exactly one package and grant under 20 parallel confirms), and the 48-hour expiry.
import { describe, expect, it } from 'vitest';
import {
  MAX_OPEN_ORDERS,
  orderMessages,
  type CreatedOrder,
  type Order,
  type OrdersConfig,
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
import { ledgerViolations } from '../../reliability/ledger-check';
import { upiPayUri } from './upi';

const HOUR = 3_600_000;
const UPI = { vpa: 'dealer.leads@okaxis', merchantName: 'DealerLeads & Co' };

describe('the UPI link', () => {
  it("follows NPCI's deep-link format: payee, name, amount with 2 decimals, INR and the reference", () => {
    expect(upiPayUri(UPI, 4999, 'DL-20261123-ABC234')).toBe(
      'upi://pay?pa=dealer.leads@okaxis&pn=DealerLeads%20%26%20Co&am=4999.00&cu=INR&tn=DL-20261123-ABC234',
    );
  });
});

describe.each(testEngines())('orders on %s', (engine) => {
  let now = Date.now();
  const ctx = useTestApp(engine, { config: { upi: UPI }, clock: () => new Date(now) });
  const { admin, dealer, user, other } = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: {},
    user: { role: 'User' },
    other: {},
  });

  const price = async (packageId: number, rupees: number) =>
    ctx.database.db
      .updateTable('packages')
      .set({ package_price: rupees })
      .where('id', '=', packageId)
      .execute();
  const order = async (who: TestMember, packageId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { packageId },
      headers: bearer(who),
    });
  const putUtr = (who: TestMember, id: number, utr: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/utr`,
      payload: { utr },
      headers: bearer(who),
    });
  const decide = (
    id: number,
    decision: 'confirm' | 'reject',
    note?: string,
    seenUtr: string | null = null,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/${decision}`,
      payload: {
        ...(note === undefined ? {} : { note }),
        ...(decision === 'confirm' ? { utr: seenUtr } : {}),
      },
      headers: bearer(admin),
    });
  const grantsOf = async (orderId: number) =>
    ctx.database.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
  const packagesOf = async (userId: number) =>
    ctx.database.db.selectFrom('user_packages').selectAll().where('user_id', '=', userId).execute();
  /** Confirms and rejects every open order of a member, so each test starts below the limit. */
  const settle = async (who: TestMember) => {
    const mine = json<Order[]>(
      await ctx.app.inject({ url: '/api/me/orders?pageSize=50', headers: bearer(who) }),
    );
    for (const o of mine.filter((m) => m.status === 'pending'))
      await decide(o.id, 'reject', 'Test');
  };

  it('answers whether UPI is on, to anyone', async () => {
    const res = await ctx.app.inject({ url: '/api/orders/config' });
    expect(json<OrdersConfig>(res)).toEqual({
      upiEnabled: true,
      payeeVpa: UPI.vpa,
      payeeName: UPI.merchantName,
    });
  });

  it('orders an active package: a pending order with its reference, amount and UPI link; the UTR; the receipt', async () => {
    const packageId = await createPackage(ctx, { credits: 25, validity: 60 });
    await price(packageId, 4999);
    const res = await order(dealer, packageId);
    expect(res.statusCode).toBe(200);
    const created = json<CreatedOrder>(res);
    expect(created).toMatchObject({
      amount: 4999,
      status: 'pending',
      credits: 25,
      validityDays: 60,
      utr: null,
      userId: dealer.id,
    });
    expect(created.reference).toMatch(/^DL-\d{8}-[A-Z2-9]{6}$/);
    expect(created.upiUri).toBe(upiPayUri(UPI, 4999, created.reference));
    expect(new Date(created.expiresOn).getTime() - new Date(created.createdOn).getTime()).toBe(
      48 * HOUR,
    );

    // A later price-list edit does not change the order.
    await price(packageId, 9999);
    for (const utr of ['12345678901', '1234567890123', 'abcdefghijkl', 123456789012, '']) {
      const bad = await putUtr(dealer, created.id, utr);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400, errors: { utr: [orderMessages.utrFormat] } });
    }
    // Not the owner: not found, never revealed.
    expect((await putUtr(other, created.id, '123456789012')).statusCode).toBe(404);
    // Pasted grouped in fours, as payment apps show it: the spaces go.
    const given = await putUtr(dealer, created.id, ' 1234 5678 9012 ');
    expect(given.statusCode).toBe(200);
    expect(json<CreatedOrder>(given)).toMatchObject({ utr: '123456789012', status: 'pending' });

    const receipt = await ctx.app.inject({
      url: `/api/me/orders/${created.id}`,
      headers: bearer(dealer),
    });
    expect(json<CreatedOrder>(receipt)).toMatchObject({
      reference: created.reference,
      amount: 4999,
      utr: '123456789012',
    });
    for (const stranger of [other, admin]) {
      const hidden = await ctx.app.inject({
        url: `/api/me/orders/${created.id}`,
        headers: bearer(stranger),
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain(created.reference);
    }
    // A given UTR cannot be swapped; giving the same one again changes nothing.
    expect((await putUtr(dealer, created.id, '123456789012')).statusCode).toBe(200);
    expect((await putUtr(dealer, created.id, '123456789013')).json()).toMatchObject({
      status: 409,
      message: orderMessages.utrLocked,
    });
    // The same UTR cannot claim a second order.
    const second = json<CreatedOrder>(await order(other, packageId));
    expect(second.amount).toBe(9999);
    const dup = await putUtr(other, second.id, '123456789012');
    expect(dup.json()).toMatchObject({ status: 400, message: orderMessages.utrTaken });
    await settle(other);
    await settle(dealer);
  });

  it('refuses inactive, unknown and unpriced packages, Admins, and a sixth open order', async () => {
    const inactive = await createPackage(ctx, { active: false });
    await price(inactive, 500);
    const free = await createPackage(ctx);
    await price(free, 0);
    for (const id of [inactive, free, 2_000_000_000]) {
      const res = await order(dealer, id);
      expect(res.json()).toMatchObject({ status: 400, message: orderMessages.packageNotForSale });
    }
    expect((await order(dealer, -1)).statusCode).toBe(400);
    const packageId = await createPackage(ctx);
    await price(packageId, 999);
    expect((await order(admin, packageId)).json()).toMatchObject({
      status: 403,
      message: orderMessages.adminsDoNotBuy,
    });
    // A User (not a Dealer) may buy too.
    expect((await order(user, packageId)).statusCode).toBe(200);
    await settle(user);
    const placed = await Promise.all(
      Array.from({ length: MAX_OPEN_ORDERS + 3 }, () => order(dealer, packageId)),
    );
    expect(placed.filter((r) => r.statusCode === 200)).toHaveLength(MAX_OPEN_ORDERS);
    const refused = placed.find((r) => r.statusCode !== 200)!;
    expect(refused.json()).toMatchObject({ status: 400, message: orderMessages.tooManyOpen });
    await settle(dealer);
    expect((await order(dealer, packageId)).statusCode).toBe(200);
    await settle(dealer);
  });

  it('confirms once: 20 parallel confirms give one package and one grant; confirming again is a 409', async () => {
    const packageId = await createPackage(ctx, { credits: 40, validity: 30 });
    await price(packageId, 7999);
    const created = json<CreatedOrder>(await order(other, packageId));
    await putUtr(other, created.id, '555566667777');
    const before = (await packagesOf(other.id)).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        decide(created.id, 'confirm', 'Seen in the bank', '555566667777'),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toMatchObject({ status: 409, message: orderMessages.alreadyDecided('confirmed') });
    }
    const after = await packagesOf(other.id);
    expect(after).toHaveLength(before + 1);
    const grants = await grantsOf(created.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ kind: 'grant', amount: 40, user_id: other.id });
    const confirmed = json<Order>(results.find((r) => r.statusCode === 200)!);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      adminNote: 'Seen in the bank',
      userPackageId: grants[0]!.user_package_id,
    });
    const pkg = after.find((p) => p.id === confirmed.userPackageId)!;
    expect(pkg).toMatchObject({ package_credits: 40, package_balance_credits: 40 });
    // The balance shows the credits.
    const credits = await ctx.app.inject({ url: '/api/me/credits', headers: bearer(other) });
    expect(credits.json<{ balance: number }>().balance).toBeGreaterThanOrEqual(40);
    expect((await decide(created.id, 'reject', 'Too late')).statusCode).toBe(409);
    expect((await putUtr(other, created.id, '555566667778')).statusCode).toBe(409);
    expect((await decide(2_000_000_000, 'confirm')).statusCode).toBe(404);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.confirm')
      .where('target_id', '=', String(created.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(await ledgerViolations(ctx.database.db, { userIds: [other.id] })).toEqual([]);
  });

  it('confirms only the UTR the Admin saw: a swapped UTR is refused and a confirmed UTR never backs another order', async () => {
    const packageId = await createPackage(ctx, { credits: 12 });
    await price(packageId, 1999);
    const first = json<CreatedOrder>(await order(dealer, packageId));
    await putUtr(dealer, first.id, '700000000001');
    // The dealer tries to swap the UTR after the Admin checked it: refused, the order keeps the UTR the Admin saw.
    expect((await putUtr(dealer, first.id, '700000000002')).statusCode).toBe(409);
    // The Admin confirms with another UTR than the order holds (a stale screen): refused, nothing changes.
    const stale = await decide(first.id, 'confirm', undefined, '700000000002');
    expect(stale.json()).toMatchObject({ status: 409, message: orderMessages.utrChanged });
    expect((await decide(first.id, 'confirm', undefined, null)).statusCode).toBe(409);
    expect(await grantsOf(first.id)).toEqual([]);
    // The confirm names the UTR; a body without one is a 400.
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${first.id}/confirm`,
      payload: { note: 'ok' },
      headers: bearer(admin),
    });
    expect(missing.json()).toMatchObject({
      status: 400,
      errors: { utr: [orderMessages.utrFormat] },
    });
    expect((await decide(first.id, 'confirm', undefined, '700000000001')).statusCode).toBe(200);
    // The confirmed UTR can never be given for another order, by anyone.
    for (const who of [dealer, other]) {
      const next = json<CreatedOrder>(await order(who, packageId));
      expect((await putUtr(who, next.id, '700000000001')).json()).toMatchObject({
        status: 400,
        message: orderMessages.utrTaken,
      });
      await settle(who);
    }
    // A wrong UTR is corrected by a rejection and a new order: the rejected order frees its UTR.
    const wrong = json<CreatedOrder>(await order(other, packageId));
    await putUtr(other, wrong.id, '700000000003');
    await decide(wrong.id, 'reject', 'No payment with this UTR');
    const again = json<CreatedOrder>(await order(other, packageId));
    expect((await putUtr(other, again.id, '700000000003')).statusCode).toBe(200);
    await settle(other);
    // The database refuses a second confirmed order with the same UTR whatever the service does.
    await expect(
      ctx.database.db
        .updateTable('orders')
        .set({ utr: '700000000001', status: 'confirmed' })
        .where('id', '=', again.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('rejects with a reason (audited): no package, no grant; the member sees why', async () => {
    const packageId = await createPackage(ctx);
    await price(packageId, 1499);
    const created = json<CreatedOrder>(await order(dealer, packageId));
    const missing = await decide(created.id, 'reject');
    expect(missing.statusCode).toBe(400);
    const res = await decide(created.id, 'reject', 'No payment with this UTR');
    expect(json<Order>(res)).toMatchObject({
      status: 'rejected',
      adminNote: 'No payment with this UTR',
    });
    expect(await grantsOf(created.id)).toEqual([]);
    expect((await decide(created.id, 'confirm')).json()).toMatchObject({
      status: 409,
      message: orderMessages.alreadyDecided('rejected'),
    });
    const mine = json<Order[]>(
      await ctx.app.inject({ url: '/api/me/orders', headers: bearer(dealer) }),
    );
    expect(mine[0]).toMatchObject({ id: created.id, status: 'rejected' });
    expect(
      await ctx.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', String(created.id))
        .where('target_type', '=', 'order')
        .execute(),
    ).toEqual([{ action: 'order.reject' }]);
  });

  it('expires an unpaid order after 48 hours (a moved clock): it cannot be paid or confirmed; one with a UTR waits', async () => {
    const packageId = await createPackage(ctx, { credits: 5 });
    await price(packageId, 299);
    const unpaid = json<CreatedOrder>(await order(dealer, packageId));
    const paid = json<CreatedOrder>(await order(dealer, packageId));
    await putUtr(dealer, paid.id, '998877665544');
    const start = now;
    try {
      now = start + 47 * HOUR;
      const list = async (status: string) =>
        json<Order[]>(
          await ctx.app.inject({
            url: `/api/orders?status=${status}&pageSize=100`,
            headers: bearer(admin),
          }),
        ).map((o) => o.id);
      expect(await list('pending')).toEqual(expect.arrayContaining([unpaid.id, paid.id]));
      now = start + 48 * HOUR + 1000;
      expect(await list('pending')).toContain(paid.id);
      expect(await list('pending')).not.toContain(unpaid.id);
      expect(await list('expired')).toContain(unpaid.id);
      const receipt = await ctx.app.inject({
        url: `/api/me/orders/${unpaid.id}`,
        headers: bearer(dealer),
      });
      expect(json<CreatedOrder>(receipt)).toMatchObject({ status: 'expired', upiUri: null });
      expect((await putUtr(dealer, unpaid.id, '112233445566')).json()).toMatchObject({
        status: 409,
        message: orderMessages.expired,
      });
      expect((await decide(unpaid.id, 'confirm')).json()).toMatchObject({
        status: 409,
        message: orderMessages.expired,
      });
      expect(await grantsOf(unpaid.id)).toEqual([]);
      // Pending first in the Payments list.
      const all = json<Order[]>(
        await ctx.app.inject({ url: '/api/orders?pageSize=100', headers: bearer(admin) }),
      );
      const firstClosed = all.findIndex((o) => o.status !== 'pending');
      expect(all.slice(firstClosed).some((o) => o.status === 'pending')).toBe(false);
      expect((await decide(paid.id, 'confirm', undefined, '998877665544')).statusCode).toBe(200);
    } finally {
      now = start;
    }
  });

  it('pages the member’s orders newest first and refuses bad queries', async () => {
    const res = await ctx.app.inject({ url: '/api/me/orders?pageSize=2', headers: bearer(dealer) });
    const orders = json<Order[]>(res);
    expect(orders).toHaveLength(2);
    expect(orders[0]!.id).toBeGreaterThan(orders[1]!.id);
    expect(orders.every((o) => o.userId === dealer.id)).toBe(true);
    expect(JSON.parse(res.headers.pagination as string)).toMatchObject({ itemsPerPage: 2 });
    expect(
      (await ctx.app.inject({ url: '/api/orders?status=paid', headers: bearer(admin) })).statusCode,
    ).toBe(400);
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });
});

describe.each(testEngines())('orders without UPI on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer } = useMembers(ctx, { dealer: {} });
  it('says UPI is off and gives no UPI link', async () => {
    expect(json<OrdersConfig>(await ctx.app.inject({ url: '/api/orders/config' }))).toEqual({
      upiEnabled: false,
      payeeVpa: null,
      payeeName: null,
    });
    const packageId = await createPackage(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { packageId },
      headers: bearer(dealer),
    });
    expect(json<CreatedOrder>(res)).toMatchObject({ status: 'pending', upiUri: null, amount: 999 });
  });
});
