// Lists against SQL with two real API processes writing to one database, on each engine. While both take submissions,
// Admin status edits, owners' price changes and closes, and unlocks — and the test itself edits every filterable
// field and deletes leads straight in the database, as a tool would — each process's lists stay consistent with SQL.
// Once the writes stop, both answer a fast-check sample of filter mixes exactly as SQL does, from their engines.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  PAGE_SIZE,
  leadFilterSchema,
  type Lead,
  type Pagination,
} from '@dealerleads/shared';
import {
  carChoices,
  findModel,
  modelYears,
  priceBounds,
  searchWordsOf,
  variantsIn,
} from '@dealerleads/shared/catalogues';
import type { DatabaseHandle } from '../db/database';
import { MAX_WRITE_CONFLICTS, isWriteConflict } from '../db/write-batcher';
import { nextPhone } from '../modules/alerts/alerts-test-helpers';
import { canonicalLeadFilter, type CanonicalLeadFilter } from '../modules/leads/list-engine';
import {
  LEAD_BRANDS_MODELS,
  LEAD_CITIES,
  LEAD_NAMES,
  LEAD_OWNERS,
  LEAD_YEARS,
  bandArbitrary,
  filterArbitrary,
  leadArbitrary,
} from '../modules/leads/lead-list-test-helpers';
import { SEARCH_TOTAL_CAP, findLeadIdPage } from '../modules/leads/leads.repository';
import { testEngines } from '../test/test-app';
import { makeLead } from '../test/fixtures';
import { startServersOnOneDatabase, type ServersOnOneDatabase } from './databases';
import { request, sessionToken, type HttpAnswer } from './http';
import { seededRandom, type Random } from './random';
import { bundleServer, type ServerBundle, type ServerProcess } from './server-process';
import { addDealers, addUserPackages } from './world';

const JWT_SECRET = 'two-process-lists-0123456789-abcdefghijklmnopqrstuvwxyz';
/** Leads in the database before the writes start (a few hundred: text searches match more than SQL's count cap). */
const SEEDED_LEADS = 400;
/** Seeded leads the dealers unlock; the others may be deleted (a lead with unlocks keeps its ledger rows). */
const UNLOCKED_LEADS = 30;
const DEALERS = 8;
/** Concurrent writers, each sending this many writes to either process. */
const WRITERS = 4;
const WRITES_PER_WRITER = 150;
/** Lists each process's reader asks for at least; it keeps asking until the writes end. */
const READS_DURING_WRITES = 40;
/** Filter mixes compared with SQL once the writes have stopped. */
const COMPARED_MIXES = 80;
const WRITE_SEED = 20_261_125;
const READ_SEED = 20_261_126;
/** The cap in force: "hide sold-out leads" leaves out leads this many dealers unlocked. */
const CAP = DEFAULT_SETTINGS.maxDealersPerLead;

type Caller = 'admin' | 'dealer' | 'anonymous';

/** One list request: who asks, the filters as generated (status and all), and the page. */
interface ListRequest {
  caller: Caller;
  sent: CanonicalLeadFilter;
  pageNumber: number;
  pageSize: number;
}

const listRequestArbitrary: fc.Arbitrary<ListRequest> = fc.record({
  caller: fc.constantFrom<Caller>('admin', 'admin', 'dealer', 'anonymous'),
  // Ranges as query parameters state them; a date range without either day is no parameter at all.
  sent: filterArbitrary({ range: bandArbitrary, maxDealers: fc.constant(CAP) }).map(
    ({ createdOn, ...filter }) =>
      createdOn?.min === undefined && createdOn?.max === undefined
        ? filter
        : { ...filter, createdOn },
  ),
  pageNumber: fc.integer({ min: 1, max: 8 }),
  pageSize: fc.integer({ min: 1, max: PAGE_SIZE.max }),
});

/** What the list should apply: Admin picks the status, anyone else gets active leads whatever they send. */
function meaningOf({ caller, sent }: ListRequest): CanonicalLeadFilter {
  const { name, ...others } = sent;
  // Owners' names are an Admin's to filter by: anyone else's name filter is dropped.
  if (caller !== 'admin') return { ...others, status: 'active' };
  return { ...others, ...(name !== undefined ? { name } : {}) };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The query string that asks for `sent` (docs/api.md names); a dealer hides sold-out leads unless told not to. */
function queryOf({ caller, sent, pageNumber, pageSize }: ListRequest): URLSearchParams {
  const query = new URLSearchParams({
    pageNumber: String(pageNumber),
    pageSize: String(pageSize),
    status: sent.status,
  });
  const text: [keyof CanonicalLeadFilter, string][] = [
    ['city', 'city'],
    ['brand', 'brand'],
    ['model', 'model'],
    ['varient', 'varient'],
    ['fuelType', 'fuel'],
    ['ownerName', 'ownerName'],
    ['transmission', 'transmission'],
    ['rto', 'rto'],
    ['year', 'year'],
    ['seats', 'seats'],
    ['name', 'name'],
  ];
  for (const [key, name] of text) {
    const value = sent[key];
    if (value !== undefined)
      query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (sent.price) query.set('price', `${sent.price.min ?? 0}-${sent.price.max ?? ''}`);
  if (sent.kmDriven) query.set('KmDriven', `${sent.kmDriven.min ?? 0}-${sent.kmDriven.max ?? ''}`);
  if (sent.createdOn?.min !== undefined) query.set('startDate', isoDay(sent.createdOn.min));
  if (sent.createdOn?.max !== undefined) query.set('endDate', isoDay(sent.createdOn.max));
  // Each word's typed term comes first; the rest are what it is another name of (the API adds them again).
  if (sent.search) query.set('searchterm', sent.search.map((word) => word[0]).join(' '));
  if (sent.sort) query.set('sort', sent.sort);
  if (sent.hasPhotos) query.set('hasPhotos', 'true');
  if (sent.belowMarket) query.set('belowMarket', 'true');
  if (sent.phoneVerified) query.set('verified', 'true');
  if (sent.unlockCount) query.set('hideSoldOut', 'true');
  else if (caller === 'dealer') query.set('hideSoldOut', 'false');
  return query;
}

/** Every matching lead id, newest first, as SQL finds them (one page holding them all: the count is exact). */
async function matchingIds(handle: DatabaseHandle, filter: CanonicalLeadFilter): Promise<number[]> {
  const all = await findLeadIdPage(handle, filter, {
    pageNumber: 1,
    pageSize: 1_000_000,
  });
  return all.ids;
}

interface ListAnswer {
  status: number;
  ids: number[];
  pagination: Pagination | undefined;
  body: unknown;
}

async function getList(base: string, query: URLSearchParams, token?: string): Promise<ListAnswer> {
  const res = await fetch(`${base}/api/leads?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await res.json();
  const header = res.headers.get('pagination');
  return {
    status: res.status,
    ids: res.ok ? (body as Lead[]).map((l) => l.id) : [],
    pagination: header === null ? undefined : (JSON.parse(header) as Pagination),
    body,
  };
}

/** The lead list engine as /api/health reports it: a reload would change when and how long it last loaded. */
interface EngineHealth {
  leadListIndex: string;
  leadListLeads: number;
  leadListLoadSeconds: number | null;
  leadListLoadedFrom: string | null;
}

/** The engine as /api/health reports it once ready and current (the health check catches up first if it can). */
async function readyEngine(server: ServerProcess): Promise<EngineHealth> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await request(server.url, 'GET', '/api/health');
    const health = answer?.body as EngineHealth | undefined;
    if (health?.leadListIndex === 'ready') {
      const { leadListIndex, leadListLeads, leadListLoadSeconds, leadListLoadedFrom } = health;
      return { leadListIndex, leadListLeads, leadListLoadSeconds, leadListLoadedFrom };
    }
    expect(Date.now(), JSON.stringify(answer)).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A submission the wizard accepts: one of the generated leads' cars in a year, variant, fuel and seats it was sold in. */
function randomSubmission(random: Random): Record<string, unknown> {
  const [brand, modelName] = random.pick(LEAD_BRANDS_MODELS);
  const model = findModel(brand, modelName)!;
  const year = random.pick(LEAD_YEARS.filter((y) => modelYears(model).includes(y)));
  const variant = random.pick([...variantsIn(model, year).map((v) => v.name), null]);
  const choices = carChoices(model, year, variant ?? undefined);
  const [lowest, highest] = priceBounds(model, year);
  return {
    year,
    brand,
    model: modelName,
    varient: variant,
    ownerType: random.pick(LEAD_OWNERS),
    transmission: random.pick(choices.transmissions),
    fuelType: random.pick(choices.fuels),
    seats: random.pick(choices.seats),
    kmDriven: random.int(4) === 0 ? null : random.int(250_001),
    fullName: random.pick(LEAD_NAMES),
    city: random.pick(LEAD_CITIES),
    rto: random.pick(['DL', 'UP', 'HR', 'RJ', null]),
    phoneNumber: nextPhone(),
    // Within what the catalogue allows for the model and age.
    price: lowest + random.int(highest - lowest),
    consent: true,
  };
}

/** A write in flight or done: the leads it may change, and when it was sent and answered (performance.now()). */
interface Write {
  leads: number[];
  sent: number;
  answered?: number;
}

/**
 * What is wrong with a list answered while others wrote, given the matches SQL found after it and the leads a write
 * may have changed meanwhile (`touched`: written after the request was sent). Every write answered before the request
 * was sent must show in it. So each untouched lead is where the answer saw it: it matches or not as SQL says now, and
 * its place among the matches is its place among the untouched ones, pushed down by at most the touched leads newer
 * than it. Leads a write touched may be anywhere, or gone.
 */
function answerProblems(
  answer: ListAnswer,
  req: ListRequest,
  matching: number[],
  touched: Set<number>,
): string[] {
  if (answer.status !== 200 || answer.pagination === undefined)
    return [`${answer.status} ${JSON.stringify(answer.body)}`];
  const problems: string[] = [];
  const { ids, pagination } = answer;
  const newestFirst = req.sent.sort === undefined;
  if (newestFirst && ids.some((id, i) => i > 0 && id >= ids[i - 1]!))
    problems.push(`ids not newest first, or repeated: ${ids.join(',')}`);
  if (new Set(ids).size !== ids.length) problems.push(`ids repeated: ${ids.join(',')}`);
  if (ids.length > req.pageSize) problems.push(`${ids.length} leads on the page`);
  const { currentPage, itemsPerPage, totalItems, totalPages, totalCapped } = pagination;
  if (
    currentPage !== req.pageNumber ||
    itemsPerPage !== req.pageSize ||
    totalItems < ids.length ||
    totalPages !== Math.ceil(totalItems / req.pageSize)
  )
    problems.push(`Pagination ${JSON.stringify(pagination)} for ${ids.length} ids`);
  const matches = new Set(matching);
  for (const id of ids) {
    if (!matches.has(id) && !touched.has(id)) problems.push(`lead ${id} does not match`);
  }
  const untouched = matching.filter((id) => !touched.has(id));
  // SQL, answering while the engine caught up, may stop counting at its cap (and says so).
  const most = untouched.length + touched.size;
  if (totalCapped ? totalItems >= most : totalItems < untouched.length || totalItems > most)
    problems.push(
      `total ${totalItems}: ${untouched.length} untouched matches, ${touched.size} touched`,
    );
  // A sorted page's places move with the values a write changes: its order is compared once the writes stop.
  if (!newestFirst) return problems;
  const offset = (req.pageNumber - 1) * req.pageSize;
  const shown = new Set(ids);
  const touchedNewest = [...touched].sort((a, b) => b - a);
  let newer = 0;
  untouched.forEach((id, place) => {
    while (newer < touchedNewest.length && touchedNewest[newer]! > id) newer += 1;
    const certainlyOnPage = place >= offset && place + newer < offset + req.pageSize;
    if (certainlyOnPage && !shown.has(id)) problems.push(`lead ${id} is missing`);
    if (
      shown.has(id) &&
      (place >= offset + req.pageSize || ids.indexOf(id) + offset > place + newer)
    )
      problems.push(`lead ${id} is out of place`);
  });
  return problems;
}

describe.each(testEngines())('lists of two API processes writing to one %s database', (engine) => {
  let bundle: ServerBundle | undefined;
  let world: ServersOnOneDatabase | undefined;
  let servers: ServerProcess[];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    bundle = await bundleServer();
    world = await startServersOnOneDatabase(engine, bundle.entry, {
      count: 2,
      jwtSecret: JWT_SECRET,
      // Only the test writes leads (no expiry sweep, no mail worker); the owners' edits are not rate-limited.
      extra: { LEAD_SWEEP_MINUTES: '0', EMAIL_WORKER_INTERVAL_MS: '0', OWNER_RATE_LIMIT: '100000' },
    });
    ({ servers, handle } = world);
  }, 120_000);
  afterAll(async () => {
    await world?.remove();
    bundle?.remove();
  }, 60_000);

  it('answers every filter mix as SQL does, during concurrent writes through both processes and after them', async () => {
    const { db } = handle;
    const seeded = (
      await db
        .insertInto('leads')
        .values(
          fc
            .sample(leadArbitrary, { numRuns: SEEDED_LEADS, seed: WRITE_SEED })
            .map((lead) => makeLead(lead)),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const unlockable = seeded.slice(0, UNLOCKED_LEADS);
    const [admin] = await addDealers(db, 1, { role: 'Admin' });
    const dealers = await addDealers(db, DEALERS);
    await addUserPackages(
      db,
      dealers.map((d) => ({ userId: d.id, kind: 'credits' as const, credits: UNLOCKED_LEADS })),
    );
    const tokens: Record<Caller, () => string | undefined> = {
      admin: () => sessionToken(admin!, JWT_SECRET),
      dealer: () => sessionToken(dealers[0]!, JWT_SECRET),
      anonymous: () => undefined,
    };

    // What the writers know: leads not deleted (any writer may pick them), deletable ones, owners' links.
    const live = new Set(seeded);
    const deletable = new Set(seeded.slice(UNLOCKED_LEADS));
    const ownerLinks = new Map<number, string>();
    const writes: Write[] = [];
    /** Submissions not answered yet: their ids are unknown until then. */
    const submitting = new Set<Promise<unknown>>();
    const problems: string[] = [];
    const counts: Record<string, number> = {};

    const track = async (leads: number[], run: () => Promise<void>) => {
      const write: Write = { leads, sent: performance.now() };
      writes.push(write);
      try {
        await run();
      } finally {
        write.answered = performance.now();
      }
    };
    const expectStatus = (what: string, answer: HttpAnswer | undefined, allowed: number[]) => {
      counts[what] = (counts[what] ?? 0) + 1;
      if (!allowed.includes(answer?.status ?? 0))
        problems.push(`${what}: ${JSON.stringify(answer)}`);
    };
    const pickLive = (random: Random) => random.pick([...live]);
    /**
     * A write straight to the database, run again if PostgreSQL chose it as a deadlock's victim: it takes the lead
     * change log's lock first and a dealer's row through the unlock triggers, an unlock the other way round, and a
     * client outside the API retries such a statement as the API's own writes do (write-batcher.ts).
     */
    const direct = async (statement: () => Promise<unknown>) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await statement();
          return;
        } catch (error) {
          if (!isWriteConflict(error) || attempt === MAX_WRITE_CONFLICTS) throw error;
        }
      }
    };

    const writeOnce = async (random: Random) => {
      const server = random.pick(servers).url;
      const kind = random.int(100);
      if (kind < 25) {
        // Tracked until its bookkeeping is done: a reader's check waits for it, then knows the new lead's id.
        const submission = (async () => {
          const sent = performance.now();
          const answer = await request(server, 'POST', '/api/leads', {
            body: randomSubmission(random),
          });
          // The market guide may refuse a price far off the seeded leads' (a 400 naming the plausible range).
          const refusedPrice =
            answer?.status === 400 && /must be between/.test(JSON.stringify(answer.body));
          expectStatus('submission', answer, refusedPrice ? [400] : [201]);
          if (answer?.status !== 201) return;
          const lead = answer.body as Lead & { manageUrl: string };
          writes.push({ leads: [lead.id], sent, answered: performance.now() });
          live.add(lead.id);
          deletable.add(lead.id);
          ownerLinks.set(lead.id, lead.manageUrl.split('/').pop()!);
        })();
        submitting.add(submission);
        await submission;
        submitting.delete(submission);
      } else if (kind < 40) {
        const id = pickLive(random);
        await track([id], async () => {
          const answer = await request(server, 'PUT', `/api/leads/update/${id}`, {
            token: tokens.admin(),
            body: { status: random.int(3) > 0 },
          });
          // 404: deleted meanwhile by another writer.
          expectStatus('Admin status edit', answer, live.has(id) ? [200] : [200, 404]);
        });
      } else if (kind < 50 && ownerLinks.size > 0) {
        const [id, link] = random.pick([...ownerLinks]);
        await track([id], async () => {
          const body =
            random.int(5) === 0
              ? { listingStatus: random.pick(['sold', 'withdrawn']) }
              : { price: 1 + random.int(3_000_000) };
          const answer = await request(server, 'PUT', `/api/owner/leads/${link}`, { body });
          // 400: closed already (a close is final); 404: deleted meanwhile.
          expectStatus('owner edit', answer, [200, 400, 404]);
        });
      } else if (kind < 75) {
        const id = random.pick(unlockable);
        await track([id], async () => {
          const answer = await request(server, 'POST', `/api/leads/${id}/unlock`, {
            token: sessionToken(random.pick(dealers), JWT_SECRET),
          });
          // 400: sold out at the cap; 404: inactive.
          expectStatus('unlock', answer, [200, 400, 404]);
        });
      } else if (kind < 90) {
        // Every filterable field at once, as an import or a support fix would change them (no route does).
        const id = pickLive(random);
        const [fields] = fc.sample(leadArbitrary, { numRuns: 1, seed: random.int(2 ** 31) });
        const { status: _, unlock_count: __, ...changed } = fields!;
        await track([id], async () => {
          await direct(() => db.updateTable('leads').set(changed).where('id', '=', id).execute());
          counts['field edit in the database'] = (counts['field edit in the database'] ?? 0) + 1;
        });
      } else if (deletable.size > 0) {
        // No route deletes a lead; a support fix in the database would.
        const id = random.pick([...deletable]);
        // Off every writer's list before it goes: an edit answered 404 from now on is expected.
        deletable.delete(id);
        ownerLinks.delete(id);
        live.delete(id);
        await track([id], async () => {
          await direct(() => db.deleteFrom('leads').where('id', '=', id).execute());
          counts['delete in the database'] = (counts['delete in the database'] ?? 0) + 1;
        });
      }
    };

    // Each process's lists while the writes go on: well-formed, and right for every lead no write touched meanwhile.
    let writing = true;
    const readsWhileWriting = [0, 0];
    const requests = fc.sample(listRequestArbitrary, {
      numRuns: 2 * READS_DURING_WRITES,
      seed: READ_SEED,
    });
    const reader = async (index: number) => {
      const server = servers[index]!;
      for (let n = 0; writing || n < READS_DURING_WRITES; n++) {
        const req = requests[(2 * n + index) % requests.length]!;
        const sent = performance.now();
        if (writing) readsWhileWriting[index]! += 1;
        const answer = await getList(server.url, queryOf(req), tokens[req.caller]());
        const matching = await matchingIds(handle, meaningOf(req));
        // Submissions sent before SQL answered may have committed leads it found: wait to learn their ids.
        await Promise.all([...submitting]);
        const touched = new Set(
          writes
            .filter((w) => w.answered === undefined || w.answered > sent)
            .flatMap((w) => w.leads),
        );
        const where = `process ${index}, ${queryOf(req)}`;
        for (const problem of answerProblems(answer, req, matching, touched))
          problems.push(`${where}: ${problem}`);
      }
    };
    const writers = Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        const random = seededRandom(WRITE_SEED + i);
        for (let n = 0; n < WRITES_PER_WRITER; n++) await writeOnce(random);
      }),
    ).finally(() => {
      writing = false;
    });
    await Promise.all([writers, reader(0), reader(1)]);
    const context = `writes ${JSON.stringify(counts)}, lists asked for during them ${readsWhileWriting.join(' + ')}`;
    expect(problems, context).toEqual([]);
    expect(counts.submission, context).toBeGreaterThan(0);

    // Writes have stopped: each engine catches up and says so; the lists compared below must come from it.
    const leadsVersion = async () =>
      (await db.selectFrom('leads_version').select('version').executeTakeFirstOrThrow()).version;
    const leadCount = Number(
      (
        await db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const before = await Promise.all(servers.map(readyEngine));
    const version = await leadsVersion();
    for (const health of before) expect(health.leadListLeads, context).toBe(leadCount);

    /** Both processes answer `req` with SQL's page and exact total; resolves to that total. */
    const expectAsSql = async (req: ListRequest): Promise<number> => {
      const query = queryOf(req);
      const meaning = meaningOf(req);
      // The query string asks for exactly the filters SQL is asked for below.
      expect(
        canonicalLeadFilter(
          leadFilterSchema.parse(Object.fromEntries(query)),
          req.caller === 'admin',
          { maxDealers: CAP, hideByDefault: req.caller === 'dealer' },
        ),
      ).toEqual(meaning);
      const all = await matchingIds(handle, meaning);
      const offset = (req.pageNumber - 1) * req.pageSize;
      const expected = {
        status: 200,
        ids: all.slice(offset, offset + req.pageSize),
        pagination: {
          currentPage: req.pageNumber,
          itemsPerPage: req.pageSize,
          totalItems: all.length,
          totalPages: Math.ceil(all.length / req.pageSize),
        },
      };
      for (const server of servers) {
        const { status, ids, pagination } = await getList(server.url, query, tokens[req.caller]());
        expect({ status, ids, pagination }, `${server.url}/api/leads?${query}`).toEqual(expected);
      }
      return all.length;
    };
    await fc.assert(
      fc.asyncProperty(listRequestArbitrary, async (req) => {
        await expectAsSql(req);
      }),
      { numRuns: COMPARED_MIXES },
    );
    // Searches matching more leads than the SQL fallback counts: only an engine answers their exact total.
    for (const term of ['o', 'no']) {
      const total = await expectAsSql({
        caller: 'admin',
        sent: { status: 'all', search: searchWordsOf(term) },
        pageNumber: 2,
        pageSize: 50,
      });
      expect(total).toBeGreaterThan(SEARCH_TOTAL_CAP);
    }

    // Nothing moved meanwhile: both engines stayed ready and current (no reload, no catch-up), so they answered.
    expect(await leadsVersion()).toBe(version);
    expect(await Promise.all(servers.map(readyEngine))).toEqual(before);
  });
});
