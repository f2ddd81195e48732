// A dealer hears of what concerns them in the bell and by mail, not only by push: a payment confirmed or rejected, a
// refund decided, a lead they unlocked sold or repriced — once per event, only their own, mail only to a verified address.
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountEvents, MyLead } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { createPackage, createUserPackage, createLeads } from '../../test/fixtures';
import type { MailSettings } from './alert-mail';
import { startEmailWorker, type EmailWorker, type OutgoingMail } from './email-worker';
import { createOwnerLink } from '../owners/owners.service';
import { pushLeadChanged } from '../push/push.service';

const settings: MailSettings = {
  from: 'DealerLeads <alerts@dealerleads.test>',
  publicUrl: 'https://dealerleads.test',
  secret: 'x'.repeat(64),
  dailyCapPerAddress: 1000,
};

describe.each(testEngines())('account events on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, other, admin } = useMembers(ctx, {
    dealer: {},
    other: {},
    admin: { role: 'Admin' },
  });
  const sent: OutgoingMail[] = [];
  const workers: EmailWorker[] = [];
  afterAll(async () => Promise.all(workers.map((w) => w.stop())));

  const deliverMails = async () => {
    const worker = startEmailWorker(
      ctx.database,
      { send: async (mail) => void sent.push(mail), close: () => undefined },
      settings,
      {
        intervalMs: 0,
        leaseMs: 60_000,
        backoffMs: 60_000,
        maxBackoffMs: 3_600_000,
        maxAttempts: 8,
        batch: 50,
        clock: () => new Date(),
        onError: (error) => {
          throw error;
        },
      },
    );
    workers.push(worker);
    await worker.runOnce();
  };
  const eventsOf = async (who: TestMember) => {
    const res = await ctx.app.inject({ url: '/api/me/events', headers: bearer(who) });
    expect(res.statusCode, res.body).toBe(200);
    return json<AccountEvents>(res);
  };
  const emailOf = async (who: TestMember) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', who.id)
        .executeTakeFirstOrThrow()
    ).email;

  it('puts a confirmed and a rejected payment in the bell and mails them, once', async () => {
    const packageId = await createPackage(ctx, { credits: 4 });
    await ctx.database.db
      .updateTable('packages')
      .set({ package_price: 999 })
      .where('id', '=', packageId)
      .execute();
    const references: string[] = [];
    for (const decision of ['confirm', 'reject'] as const) {
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { packageId },
        headers: bearer(dealer),
      });
      expect(order.statusCode, order.body).toBe(200);
      const { id, reference } = order.json<{ id: number; reference: string }>();
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${id}/${decision}`,
        payload: decision === 'confirm' ? { utr: null, note: 'Checked' } : { note: 'Checked' },
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      references.push(reference);
    }

    const events = await eventsOf(dealer);
    expect(events.unread).toBe(2);
    expect(events.items.map(({ title, body, url, read }) => ({ title, body, url, read }))).toEqual([
      {
        title: 'Payment not confirmed',
        body: `Order ${references[1]} was rejected. See My orders for the reason.`,
        url: '/dealers/orders',
        read: false,
      },
      {
        title: 'Payment confirmed',
        body: `Order ${references[0]}: 4 credits added.`,
        url: '/dealers/orders',
        read: false,
      },
    ]);
    // Nobody else hears of them.
    expect(await eventsOf(other)).toEqual({ items: [], unread: 0 });

    await deliverMails();
    await deliverMails();
    const to = await emailOf(dealer);
    const mails = sent.filter((m) => m.to === to);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Payment confirmed on DealerLeads',
      'Payment not confirmed on DealerLeads',
    ]);
    const confirmed = mails.find((m) => m.subject.startsWith('Payment confirmed'))!;
    expect(confirmed.text).toContain(`Order ${references[0]}: 4 credits added.`);
    expect(confirmed.text).toContain('https://dealerleads.test/dealers/orders');
    expect(confirmed.html).toContain('href="https://dealerleads.test/dealers/orders"');
  });

  it('marks events read, all or some, only the caller’s', async () => {
    const before = await eventsOf(dealer);
    const [newest] = before.items;
    const some = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/events/read',
      payload: { ids: [newest!.id] },
      headers: bearer(other),
    });
    expect(some.json()).toEqual({ unread: 0 });
    expect((await eventsOf(dealer)).unread).toBe(before.unread);
    const one = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/events/read',
      payload: { ids: [newest!.id] },
      headers: bearer(dealer),
    });
    expect(one.json()).toEqual({ unread: before.unread - 1 });
    const all = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/events/read',
      payload: {},
      headers: bearer(dealer),
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await eventsOf(dealer)).items.every((e) => e.read)).toBe(true);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/events/read',
      payload: { ids: ['x'] },
      headers: bearer(dealer),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('tells every dealer who unlocked a lead that it sold or changed price; a refund decision; no mail to an unverified address', async () => {
    const buyer = await createMember(ctx);
    const unverified = await createMember(ctx);
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified: 0 })
      .where('id', '=', unverified.id)
      .execute();
    for (const who of [buyer, unverified]) await createUserPackage(ctx, who.id, { credits: 5 });
    const [lead] = await createLeads(ctx, [{ brand: 'hyundai', model: 'Creta', year: 2019 }]);
    for (const who of [buyer, unverified]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${lead!.id}/unlock`,
        headers: bearer(who),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const car = { id: lead!.id, year: 2019, brand: 'hyundai', model: 'Creta', price: 850_000 };
    await ctx.database.db.transaction().execute(async (tx) => {
      await pushLeadChanged(tx, car, 'repriced');
      await pushLeadChanged(tx, car, 'sold');
      // The same event again (a retry) is told once.
      await pushLeadChanged(tx, car, 'sold');
    });
    // A rolled-back event tells nobody.
    await ctx.database.db
      .transaction()
      .execute(async (tx) => {
        await pushLeadChanged(tx, car, 'withdrawn');
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    const dispute = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${lead!.id}/disputes`,
      headers: bearer(buyer),
      payload: { reason: 'wrong_number', note: 'Switched off' },
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    const decided = await ctx.app.inject({
      method: 'PUT',
      url: `/api/disputes/${dispute.json<{ id: number }>().id}/approve`,
      headers: bearer(admin),
      payload: {},
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const titles = (await eventsOf(buyer)).items.map((e) => `${e.title}: ${e.body} → ${e.url}`);
    expect(titles).toEqual([
      `Refund approved: Your report on lead #${lead!.id} was approved: the credit is back. → /dealers/credits`,
      `Car sold: 2019 hyundai Creta (lead #${lead!.id}). → /leads/${lead!.id}`,
      `Price changed: 2019 hyundai Creta is now ₹8,50,000. → /leads/${lead!.id}`,
    ]);
    expect((await eventsOf(unverified)).items.map((e) => e.title)).toEqual([
      'Car sold',
      'Price changed',
    ]);

    await deliverMails();
    const buyerMail = await emailOf(buyer);
    expect(
      sent
        .filter((m) => m.to === buyerMail)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'Car sold on DealerLeads',
      'Price changed on DealerLeads',
      'Refund approved on DealerLeads',
    ]);
    const unverifiedMail = await emailOf(unverified);
    expect(sent.filter((m) => m.to === unverifiedMail)).toEqual([]);
  });

  it('shows a lead its owner marked sold as sold on My Leads, and tells the dealer who unlocked it', async () => {
    const buyer = await createMember(ctx);
    await createUserPackage(ctx, buyer.id, { credits: 2 });
    const [lead] = await createLeads(ctx, [{ brand: 'tata', model: 'Nexon', year: 2021 }]);
    const ownerPath = await createOwnerLink(ctx.database.db, lead!.id, new Date());
    const token = ownerPath.slice(ownerPath.lastIndexOf('/') + 1);
    const unlocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${lead!.id}/unlock`,
      headers: bearer(buyer),
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const statusOnMyLeads = async () =>
      json<MyLead[]>(await ctx.app.inject({ url: '/api/me/leads', headers: bearer(buyer) })).map(
        (l) => [l.leadId, l.listingStatus],
      );
    expect(await statusOnMyLeads()).toEqual([[lead!.id, 'open']]);
    const sold = await ctx.app.inject({
      method: 'PUT',
      url: `/api/owner/leads/${token}`,
      payload: { listingStatus: 'sold' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await statusOnMyLeads()).toEqual([[lead!.id, 'sold']]);
    expect((await eventsOf(buyer)).items.map((e) => [e.title, e.url])).toEqual([
      ['Car sold', `/leads/${lead!.id}`],
    ]);
  });

  it('refuses a visitor', async () => {
    expect((await ctx.app.inject({ url: '/api/me/events' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/me/events/read', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
