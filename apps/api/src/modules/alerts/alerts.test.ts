// Saved searches and notifications on each engine: CRUD and ownership, matching new leads, the stream ticket, and
// live delivery over Server-Sent Events from another API process, resumed after a reconnect without loss or repeats.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, SavedSearch, StreamTicket } from '@dealerleads/shared';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import {
  bearer,
  createMember,
  createTestAppOn,
  createTestDatabase,
  json,
  TEST_JWT_SECRET,
  testConfig,
  testEngines,
  type TestContext,
  type TestMember,
} from '../../test/test-app';
import { submission } from './alerts-test-helpers';
import { issueStreamTicket, verifyStreamTicket } from './stream-ticket';

describe('stream tickets', () => {
  it('open the stream for one member at one token version, for a minute, and cannot be forged', () => {
    const now = Date.now();
    const ticket = issueStreamTicket(TEST_JWT_SECRET, { id: 42, tokenVersion: 3 }, now);
    expect(verifyStreamTicket(TEST_JWT_SECRET, ticket, now)).toMatchObject({
      userId: 42,
      tokenVersion: 3,
    });
    expect(verifyStreamTicket(TEST_JWT_SECRET, ticket, now + 61_000)).toBeUndefined();
    expect(
      verifyStreamTicket('another-secret-0123456789-abcdefghijklmnop', ticket, now),
    ).toBeUndefined();
    const [, version, expires, nonce, mac] = ticket.split('.');
    expect(
      verifyStreamTicket(TEST_JWT_SECRET, `43.${version}.${expires}.${nonce}.${mac}`, now),
    ).toBeUndefined();
    expect(
      verifyStreamTicket(TEST_JWT_SECRET, `42.4.${expires}.${nonce}.${mac}`, now),
    ).toBeUndefined();
    expect(verifyStreamTicket(TEST_JWT_SECRET, 'garbage', now)).toBeUndefined();
    // Every ticket has its own nonce.
    expect(issueStreamTicket(TEST_JWT_SECRET, { id: 42, tokenVersion: 3 }, now)).not.toBe(ticket);
  });
});

interface Sse {
  events: { id: number; data: AppNotification }[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Whether the server said the stream was replaced (event "closed"). */
  closedEvent(): boolean;
  close(): void;
  waitFor(count: number): Promise<void>;
}

/** A real EventSource-like reader over HTTP. */
function openStream(port: number, ticket: string, lastEventId?: number): Promise<Sse> {
  return new Promise((resolve, reject) => {
    const events: Sse['events'] = [];
    const waiters: (() => void)[] = [];
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
        headers: {
          Accept: 'text/event-stream',
          ...(lastEventId !== undefined ? { 'Last-Event-ID': String(lastEventId) } : {}),
        },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
        expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
        let buffer = '';
        let closed = false;
        const ended = new Promise<void>((done) => response.on('close', () => done()));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: closed$/m.test(block)) closed = true;
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data)
              events.push({ id: Number(id), data: JSON.parse(data) as AppNotification });
          }
          waiters.splice(0).forEach((w) => w());
        });
        resolve({
          events,
          ended,
          closedEvent: () => closed,
          close: () => request.destroy(),
          waitFor: (count) =>
            new Promise<void>((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`waited for ${count} events, got ${events.length}`)),
                15_000,
              );
              const check = () => {
                if (events.length >= count) {
                  clearTimeout(timer);
                  done();
                } else waiters.push(check);
              };
              check();
            }),
        });
      },
    );
    request.on('error', reject);
  });
}

describe.each(testEngines())('saved searches and notifications on %s', (engine) => {
  let ctx: TestContext;
  /** A second API process on the same database (its own pool or file handle, its own app). */
  let other: { app: Awaited<ReturnType<typeof buildApp>>['app']; close(): Promise<void> };
  let port: number;
  let dealer: TestMember;
  let rival: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    const testDb = await createTestDatabase(engine);
    ctx = await createTestAppOn(testDb);
    const secondHandle = openDatabase(testDb.config);
    const built = await buildApp(testConfig(testDb.config), {
      database: secondHandle,
      logger: false,
    });
    await built.app.ready();
    other = {
      app: built.app,
      close: async () => {
        await built.app.close();
        await secondHandle.close();
      },
    };
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
    dealer = await createMember(ctx);
    rival = await createMember(ctx);
    admin = await createMember(ctx, { role: 'Admin' });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const save = (who: TestMember, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: payload as object,
      headers: bearer(who),
    });
  const searches = async (who: TestMember) =>
    json<SavedSearch[]>(await ctx.app.inject({ url: '/api/saved-searches', headers: bearer(who) }));
  const submit = async (payload: Record<string, unknown>, app = ctx.app) => {
    const res = await app.inject({ method: 'POST', url: '/api/leads', payload });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const notifications = async (who: TestMember) =>
    json<AppNotification[]>(
      await ctx.app.inject({ url: '/api/notifications', headers: bearer(who) }),
    );
  const unread = async (who: TestMember) =>
    json<{ unread: number }>(
      await ctx.app.inject({ url: '/api/notifications/unread-count', headers: bearer(who) }),
    ).unread;

  it("saves searches with the list's filter names and rules, refusing bad ones and changing nothing", async () => {
    let res = await save(dealer, {
      name: ' Cretas in Panipat ',
      filters: { brand: 'Hyundai', model: 'creta', city: 'Panipat', price: '500000-1500000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<SavedSearch>(res)).toMatchObject({
      name: 'Cretas in Panipat',
      emailMode: 'instant',
      newCount: 0,
    });
    res = await save(dealer, {
      name: 'Any diesel SUV 2021',
      filters: { year: '2021', fuel: 'Diesel' },
      emailMode: 'daily',
    });
    expect(res.statusCode).toBe(201);
    // A list URL's hideSoldOut is a view of the list, not a filter of new leads: dropped, the rest kept.
    res = await save(rival, {
      name: 'Nexons, sold out too',
      filters: { model: 'Nexon', hideSoldOut: 'false' },
      emailMode: 'off',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<SavedSearch>(res).filters).toEqual({ model: 'Nexon' });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${json<SavedSearch>(res).id}`,
      headers: bearer(rival),
    });
    res = await save(rival, { name: 'Searching nexon', filters: { searchterm: 'nexon' } });
    expect(res.statusCode).toBe(201);
    for (const bad of [
      { name: '', filters: {} },
      { name: 'x'.repeat(61), filters: {} },
      { name: 'Bad band', filters: { price: 'cheap' } },
      { name: 'Bad year', filters: { year: 'old' } },
      { name: 'Bad mode', filters: {}, emailMode: 'hourly' },
      { name: 'No filters object' },
    ]) {
      const refused = await save(dealer, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json<{ title: string }>(refused).title).toBe(
        'One or more validation errors occurred.',
      );
    }
    expect((await searches(dealer)).map((s) => s.name)).toEqual([
      'Any diesel SUV 2021',
      'Cretas in Panipat',
    ]);
    expect((await ctx.app.inject({ url: '/api/saved-searches' })).statusCode).toBe(401);
  });

  it('turns a matching new lead into a notification for each matching search, and no other', async () => {
    const lead = await submit(submission());
    await submit(
      submission({ brand: 'tata', model: 'Nexon', city: 'Noida', price: 800_000, year: 2020 }),
    );
    await submit(submission({ city: 'Meerut' })); // a Creta, but not in Panipat
    await submit(submission({ price: 2_000_000 })); // a Creta in Panipat, above the band

    const mine = await notifications(dealer);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      leadId: lead,
      savedSearchName: 'Cretas in Panipat',
      brand: 'hyundai',
      model: 'Creta',
      city: 'Panipat',
      read: false,
    });
    expect(JSON.stringify(mine)).not.toMatch(/7\d{9}/); // no phone number in a notification
    const theirs = await notifications(rival);
    expect(theirs.map((n) => n.model)).toEqual(['Nexon']);
    const counts = await searches(dealer);
    expect(counts.find((s) => s.name === 'Cretas in Panipat')?.newCount).toBe(1);
    expect(counts.find((s) => s.name === 'Any diesel SUV 2021')?.newCount).toBe(0);
    expect(await unread(dealer)).toBe(1);
  });

  it("opens a saved search (count back to 0), marks notifications read, and guards other members' searches", async () => {
    const [diesel, cretas] = await searches(dealer);
    const theirs = (await searches(rival))[0]!;
    const open = (who: TestMember, id: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/saved-searches/${id}/open`,
        headers: bearer(who),
      });
    expect((await open(rival, cretas!.id)).statusCode).toBe(403);
    expect((await open(dealer, 999_999)).statusCode).toBe(404);
    const opened = await open(dealer, cretas!.id);
    expect(opened.statusCode).toBe(200);
    expect(json<SavedSearch>(opened)).toMatchObject({
      newCount: 0,
      filters: { brand: 'Hyundai', model: 'creta', city: 'Panipat' },
    });

    const read = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/read',
      payload: {},
      headers: bearer(dealer),
    });
    expect(json<{ unread: number }>(read).unread).toBe(0);
    expect((await notifications(dealer))[0]?.read).toBe(true);
    expect(await unread(rival)).toBe(1); // another member's are untouched

    const remove = (who: TestMember, id: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: bearer(who) });
    expect((await remove(dealer, theirs.id)).statusCode).toBe(403);
    expect(await searches(rival)).toHaveLength(1);
    expect((await remove(dealer, diesel!.id)).statusCode).toBe(204);
    expect((await remove(dealer, diesel!.id)).statusCode).toBe(404);
    expect((await searches(dealer)).map((s) => s.name)).toEqual(['Cretas in Panipat']);
  });

  it('refuses the stream without a valid ticket, and gives tickets only to members', async () => {
    expect((await ctx.app.inject({ url: '/api/notifications/stream' })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ url: '/api/notifications/stream?ticket=1.2.abc' })).statusCode,
    ).toBe(401);
    const expired = issueStreamTicket(
      TEST_JWT_SECRET,
      { id: dealer.id, tokenVersion: 0 },
      Date.now() - 120_000,
    );
    expect(
      (await ctx.app.inject({ url: `/api/notifications/stream?ticket=${expired}` })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket' }))
        .statusCode,
    ).toBe(401);
  });

  it('pushes a lead stored by another process to the open stream, and resumes after a reconnect without loss or repeats', async () => {
    const ticket = async () =>
      json<StreamTicket>(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/notifications/stream-ticket',
          headers: bearer(dealer),
        }),
      ).ticket;
    const first = await openStream(port, await ticket());
    const lead = await submit(submission(), other.app);
    await first.waitFor(1);
    expect(first.events[0]!.data).toMatchObject({
      leadId: lead,
      savedSearchName: 'Cretas in Panipat',
    });
    const lastSeen = first.events[0]!.id;
    first.close();

    // Two more while the tab is away; the reconnect names the last one it saw.
    const missed = [await submit(submission(), other.app), await submit(submission())];
    const again = await openStream(port, await ticket(), lastSeen);
    await again.waitFor(2);
    const third = await submit(submission(), other.app);
    await again.waitFor(3);
    expect(again.events.map((e) => e.data.leadId)).toEqual([...missed, third]);
    expect(new Set(again.events.map((e) => e.id)).size).toBe(3);
    again.close();
  });

  describe('stream limits and revocation', () => {
    const ticketOf = async (who: TestMember) =>
      json<StreamTicket>(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/notifications/stream-ticket',
          headers: bearer(who),
        }),
      ).ticket;
    const refusal = async (ticket: string) => {
      const res = await ctx.app.inject({
        url: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
      });
      return { status: res.statusCode, message: res.json<{ message: string }>().message };
    };
    const streamRows = async (userId: number) =>
      (
        await ctx.database.db
          .selectFrom('notification_streams')
          .select('id')
          .where('user_id', '=', userId)
          .execute()
      ).length;

    it('opens a stream once per ticket', async () => {
      const member = await createMember(ctx);
      const ticket = await ticketOf(member);
      const stream = await openStream(port, ticket);
      expect(await refusal(ticket)).toMatchObject({
        status: 401,
        message: 'This stream ticket was already used. Ask for a new one.',
      });
      stream.close();
      await stream.ended;
    });

    it("closes a member's oldest stream when a sixth opens, in whichever process holds it", async () => {
      const member = await createMember(ctx);
      const streams = [];
      for (let i = 0; i < 6; i++) streams.push(await openStream(port, await ticketOf(member)));
      await streams[0]!.ended;
      expect(streams[0]!.closedEvent()).toBe(true);
      expect(await streamRows(member.id)).toBe(5);
      for (const stream of streams.slice(1)) stream.close();
      await Promise.all(streams.slice(1).map((s) => s.ended));
    });

    it('refuses a ticket issued before a password change', async () => {
      const member = await createMember(ctx);
      const ticket = await ticketOf(member);
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/update/${member.id}`,
        headers: bearer(admin),
        payload: {
          name: 'Renamed',
          city: 'Noida',
          email: `${member.userName}@example.in`,
          password: 'Changed#Password1',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await refusal(ticket)).toMatchObject({
        status: 401,
        message: 'The stream ticket is not valid',
      });
    });

    it('closes an open stream when another process deactivates the member', async () => {
      const member = await createMember(ctx);
      const stream = await openStream(port, await ticketOf(member));
      const res = await other.app.inject({
        method: 'PUT',
        url: `/api/users/update/${member.id}`,
        headers: bearer(admin),
        payload: {
          name: 'Paused',
          city: 'Noida',
          email: `${member.userName}@example.in`,
          status: false,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await stream.ended;
      expect(await streamRows(member.id)).toBe(0);
    });

    it('refuses more streams from one address than the limit', async () => {
      const member = await createMember(ctx);
      const alive = new Date(Date.now() + 60_000).toISOString();
      await ctx.database.db
        .insertInto('notification_streams')
        .values(
          Array.from({ length: 20 }, () => ({
            user_id: rival.id,
            ip: '127.0.0.1',
            opened_on: new Date().toISOString(),
            alive_until: alive,
          })),
        )
        .execute();
      try {
        expect(await refusal(await ticketOf(member))).toEqual({
          status: 429,
          message:
            'Too many notification streams are open from this address. Close some tabs and try again.',
        });
      } finally {
        await ctx.database.db
          .deleteFrom('notification_streams')
          .where('user_id', '=', rival.id)
          .execute();
      }
    });
  });
});
