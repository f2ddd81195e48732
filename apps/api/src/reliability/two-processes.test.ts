// Scale-out: two real API processes (same JWT secret) on one database take concurrent unlocks over HTTP, on each engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  creditFlowMessages,
  type Lead,
  type UnlockResult,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../db/database';
import { hashPassword } from '../modules/members/passwords';
import { DISPLAY_SETTINGS_MS } from '../modules/settings/settings.service';
import { testEngines } from '../test/test-app';
import { startServersOnOneDatabase, type ServersOnOneDatabase } from './databases';
import { login, request, sessionToken, type HttpAnswer } from './http';
import { ledgerViolations } from './ledger-check';
import { seededRandom } from './random';
import { bundleServer, type ServerBundle, type ServerProcess } from './server-process';
import { addDealers, addLeads, addUserPackages } from './world';

const JWT_SECRET = 'two-processes-0123456789-abcdefghijklmnopqrstuvwxyz';
const PASSWORD = 'Passw0rd!long';
const LEADS = 30;
const UNLOCK_DEALERS = 6;
const SPEC_DEALERS = 2;
const REQUESTS_PER_DEALER = 45;
/** The cap per lead the two-process cap test sets: each process reads it from the database. */
const CAP = 7;

/** A dealer's token as the login would sign it (100 password checks would only slow the test down). */
const tokenOf = (dealer: { id: number; userName: string }) => sessionToken(dealer, JWT_SECRET);

describe.each(testEngines())('two API processes on one %s database', (engine) => {
  let bundle: ServerBundle | undefined;
  let world: ServersOnOneDatabase | undefined;
  let servers: ServerProcess[];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    bundle = await bundleServer();
    world = await startServersOnOneDatabase(engine, bundle.entry, {
      count: 2,
      jwtSecret: JWT_SECRET,
    });
    ({ servers, handle } = world);
  }, 120_000);
  afterAll(async () => {
    await world?.remove();
    bundle?.remove();
  }, 60_000);

  /** The cap per lead, set straight in the database (every unlock reads it in its transaction). */
  const setCap = (value: number) =>
    handle.db
      .insertInto('settings')
      .values({ key: 'maxDealersPerLead', value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();

  it('accepts a token issued by one process at the other', async () => {
    const [dealer] = await addDealers(handle.db, 1, { passwordHash: await hashPassword(PASSWORD) });
    const token = await login(servers[0]!.url, dealer!.userName, PASSWORD);
    const res = await request(servers[1]!.url, 'GET', '/api/buggy/auth', { token });
    expect(res).toEqual({ status: 200, body: 'secret text' });
  });

  it('never overspends, charges twice or loses a ledger row when both processes unlock for the same dealers', async () => {
    const random = seededRandom();
    const context = `seed ${random.seed}`;
    const { db } = handle;
    // Credits only: the cap per lead (its own test below) must not refuse an unlock here.
    await setCap(100);
    const passwordHash = await hashPassword(PASSWORD);
    const dealers = await addDealers(db, UNLOCK_DEALERS + SPEC_DEALERS, { passwordHash });
    const credits = dealers.map((_, i) => (i < UNLOCK_DEALERS ? 4 + 3 * i : 10));
    const packages = await addUserPackages(
      db,
      dealers.map((d, i) => ({ userId: d.id, kind: 'credits' as const, credits: credits[i]! })),
    );
    const leads = await addLeads(db, LEADS);
    // Each dealer logs in at one process and is served by both.
    const tokens = await Promise.all(
      dealers.map((d, i) => login(servers[i % 2]!.url, d.userName, PASSWORD)),
    );

    type Sent = { dealer: number; lead: number; kind: 'unlock' | 'subtract' | 'view' };
    const plan: Sent[] = [];
    dealers.forEach((_, dealer) => {
      for (let n = 0; n < REQUESTS_PER_DEALER; n++) {
        const lead = leads[random.int(LEADS)]!;
        const kind =
          dealer < UNLOCK_DEALERS ? 'unlock' : random.pick(['unlock', 'subtract', 'view'] as const);
        plan.push({ dealer, lead, kind });
      }
    });
    const answers = await Promise.all(
      plan.map(({ dealer, lead, kind }): Promise<HttpAnswer | undefined> => {
        const server = random.pick(servers).url;
        const token = tokens[dealer]!;
        if (kind === 'unlock')
          return request(server, 'POST', `/api/leads/${lead}/unlock`, { token });
        if (kind === 'subtract')
          return request(server, 'PUT', `/api/userpackage/subtractcredit/${packages[dealer]!.id}`, {
            token,
          });
        return request(server, 'POST', '/api/userpackagelead/add', {
          token,
          body: { userPackageMapId: packages[dealer]!.id, leadId: lead, creditDebited: 1 },
        });
      }),
    );

    expect(answers.filter((a) => a === undefined).length, context).toBe(0);
    expect(
      answers.filter((a) => a!.status >= 500),
      context,
    ).toEqual([]);
    expect(await ledgerViolations(db, { userIds: dealers.map((d) => d.id) }), context).toEqual([]);

    for (let dealer = 0; dealer < UNLOCK_DEALERS; dealer++) {
      const mine = plan.flatMap((p, i) =>
        p.dealer === dealer ? [{ ...p, answer: answers[i]! }] : [],
      );
      const distinct = new Set(mine.map((m) => m.lead)).size;
      const charged = mine.filter(
        (m) => m.answer.status === 200 && (m.answer.body as UnlockResult).charged,
      ).length;
      expect(charged, `${context}, dealer ${dealer}`).toBe(Math.min(credits[dealer]!, distinct));
      for (const m of mine.filter((x) => x.answer.status !== 200)) {
        expect(m.answer, context).toEqual({
          status: 400,
          body: {
            status: 400,
            code: 'creditFlow.allCreditsUsed',
            message: creditFlowMessages.allCreditsUsed,
          },
        });
      }
      const ledger = await db
        .selectFrom('lead_unlocks')
        .select('lead_id')
        .where('user_id', '=', dealers[dealer]!.id)
        .execute();
      expect(ledger.length, context).toBe(charged);
    }
    for (let dealer = UNLOCK_DEALERS; dealer < dealers.length; dealer++) {
      for (const [i, p] of plan.entries()) {
        if (p.dealer === dealer) expect([200, 400, 404], context).toContain(answers[i]!.status);
      }
    }
    // Both processes are still up and healthy.
    for (const s of servers) expect((await request(s.url, 'GET', '/api/health'))?.status).toBe(200);
  });

  it('lets exactly the cap of 100 dealers unlocking one lead at once through both processes succeed', async () => {
    const { db } = handle;
    await setCap(CAP);
    try {
      const dealers = await addDealers(db, 100);
      await addUserPackages(
        db,
        dealers.map((d) => ({ userId: d.id, kind: 'credits' as const, credits: 2 })),
      );
      const [lead] = await addLeads(db, 1);
      const tokens = dealers.map(tokenOf);
      const answers = await Promise.all(
        dealers.map((_, i) =>
          request(servers[i % 2]!.url, 'POST', `/api/leads/${lead}/unlock`, { token: tokens[i]! }),
        ),
      );
      const won = answers.flatMap((a, i) => (a?.status === 200 ? [i] : []));
      expect(won).toHaveLength(CAP);
      for (const answer of answers.filter((a) => a?.status !== 200)) {
        expect(answer).toEqual({
          status: 400,
          body: { status: 400, code: 'creditFlow.soldOut', message: creditFlowMessages.soldOut },
        });
      }
      const row = await db
        .selectFrom('leads')
        .select('unlock_count')
        .where('id', '=', lead!)
        .executeTakeFirstOrThrow();
      expect(row.unlock_count).toBe(CAP);
      const unlocks = await db
        .selectFrom('lead_unlocks')
        .select('user_id')
        .where('lead_id', '=', lead!)
        .execute();
      expect(unlocks.map((u) => u.user_id).sort()).toEqual(won.map((i) => dealers[i]!.id).sort());
      expect(await ledgerViolations(db, { userIds: dealers.map((d) => d.id) })).toEqual([]);

      // Each process shows it sold out, and keeps it off a dealer's list unless asked for it.
      const refused = tokens[answers.findIndex((a) => a?.status !== 200)]!;
      for (const s of servers) {
        // The cap was set straight in the database: a process shows it once its remembered settings (at most
        // DISPLAY_SETTINGS_MS old) are read again; the unlocks above obeyed it at once.
        await expect
          .poll(
            async () =>
              (await request(s.url, 'GET', `/api/leads/${lead}`, { token: refused }))?.body,
            { timeout: DISPLAY_SETTINGS_MS + 2000, interval: 100 },
          )
          .toMatchObject({ unlockCount: CAP, maxDealers: CAP, unlocked: false });
        const listed = async (query: string) =>
          (
            (await request(s.url, 'GET', `/api/leads?pageSize=100${query}`, { token: refused }))
              ?.body as Lead[]
          ).map((l) => l.id);
        expect(await listed('')).not.toContain(lead);
        expect(await listed('&hideSoldOut=false')).toContain(lead);
      }
    } finally {
      await setCap(DEFAULT_SETTINGS.maxDealersPerLead);
    }
  });
});
