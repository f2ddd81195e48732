// Keeps this process's lead bitmaps (lead-bitmaps.ts) in step with the database, and says when they may answer: loads
// every lead in the background after a start, follows the lead_changes log, prunes it, and fails over to SQL while it
// loads, lags or has failed. The design and its numbers: docs/lead-list-engine.md.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isPostgres, type DatabaseHandle, type Queryable } from '../../../db/database';
import { followChannel } from '../../../db/notifications';
import { completedWrites } from '../../../db/postgres-statements';
import { preparedQuery } from '../../../db/prepared-query';
import type { JsonBytes } from '../../../lib/json-bytes';
import type { CanonicalLeadFilter } from './lead-filters';
import { CatchUpLag } from './catch-up-lag';
import {
  bitmapBytes,
  LEAD_LIST_COLUMNS,
  LeadBitmaps,
  type LeadListRow,
  sampleStep,
  type ModelLead,
} from './lead-bitmaps';

export { sampleStep, type ModelLead };
import { readSnapshot, SnapshotWriter, writeSnapshot } from './lead-list-snapshot';

/** Rows per read while loading: each read is one short synchronous step on SQLite, then requests get a turn. */
const LOAD_CHUNK = 5_000;
/** Changes per read while catching up. */
const CHANGE_CHUNK = 2_000;
/**
 * Leads read at a time by a catch-up. SQLite's read is synchronous, so it reads few at a time to keep each step short;
 * PostgreSQL's holds no event loop but costs a round trip to a server busy with the import, so it reads more (fewer
 * made its catch-up of an import fall more than BULK_ANSWER_MS behind: decision 0007).
 */
const SQLITE_READ_CHUNK = 100;
const POSTGRES_READ_CHUNK = 500;
/** New leads (an import's) added to the bitmaps at a time: a few milliseconds of work, then the step may end. */
const APPEND_CHUNK = 100;
/**
 * A catch-up gives requests a turn after this much work: short enough that a request waits for at most one step, long
 * enough that an import is applied while lists are read (decision 0007 has the measurements behind the value).
 */
const BULK_STEP_MS = 4;
/** A process further behind than this reloads everything (in the background) instead of applying the changes. */
export const RELOAD_THRESHOLD = 100_000;
/** lead_changes keeps this many of its newest revisions; older ones are deleted (a process behind them reloads). */
export const KEPT_CHANGES = RELOAD_THRESHOLD;
const PRUNE_EVERY_MS = 60_000;
/** Revisions per delete while pruning: a short SQLite write even under an import. */
const PRUNE_CHUNK = 1_000;
/** A request waits this long for a catch-up to finish before SQL answers it instead. */
const CATCH_UP_WAIT_MS = 50;
/**
 * A bulk catch-up (more changes than one read takes: an import, a mass update) is applied while the bitmaps go on
 * answering, as long as they are at most this far behind the log in time (CatchUpLag); further behind, SQL answers
 * until the engine has caught up to within it again.
 */
export const BULK_ANSWER_MS = 10_000;
const RETRY_AFTER_MS = 10_000;
/** After restoring a snapshot, the newest this many ids are counted in the database and in the bitmaps. */
const VERIFIED_IDS = 100_000;

export type LeadListEngineState = 'loading' | 'ready' | 'failed';
/** As /api/health reports it: `behind` when ready but still applying changes (SQL answers meanwhile). */
export type LeadListEngineStatus = LeadListEngineState | 'behind';

const leadsVersion = preparedQuery((db) =>
  db.selectFrom('leads_version').select('version').where('id', '=', 1),
);

/** The database's current leads version (bumped by every lead write, by any process). */
export async function currentLeadsVersion(db: Queryable): Promise<number> {
  const [row] = await leadsVersion(db);
  return Number(row?.version ?? 0);
}

async function newestRevision(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('lead_changes')
    .select((eb) => eb.fn.max('revision').as('revision'))
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

function readLeads(db: Queryable, ids: number[]): Promise<LeadListRow[]> {
  return db.selectFrom('leads').select(LEAD_LIST_COLUMNS).where('id', 'in', ids).execute();
}

export class LeadListEngine {
  private bitmaps: LeadBitmaps | undefined;
  /** The last lead_changes revision applied. */
  private revision = 0;
  /** The leads_version the bitmaps reflect (-1: not loaded). */
  private reflects = -1;
  private work: Promise<void> | undefined;
  private failure: unknown;
  private retryAt = 0;
  private lastPrune = 0;
  private loadStartedAt = 0;
  /** Seconds the last full load took. */
  loadSeconds: number | undefined;
  /** Where the bitmaps held came from: read from every lead, or restored from the snapshot and brought up to date. */
  loadedFrom: 'database' | 'snapshot' | undefined;
  /** The lead_changes revision of the last snapshot written or restored (-1: none). */
  private snapshotRevision = -1;
  private closing = false;
  /** Restored bitmaps are not answered from until they were brought up to date and checked against the database. */
  private restoring = false;
  /** The bulk catch-up under way, if any, and how far behind it is. */
  private readonly bulk = new CatchUpLag();
  /** Requests waiting for a catch-up, woken when it turns out to be a bulk one. */
  private bulkWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
    private readonly options: {
      reloadThreshold?: number;
      keptChanges?: number;
      /** SQLite's write that never waits for the lock (DatabaseHandle.runUnlessBusy): pruning skips a turn instead. */
      runUnlessBusy?: DatabaseHandle['runUnlessBusy'];
      /** The snapshot file of this database (lead-list-snapshot.ts); none: every start reads every lead. */
      snapshotFile?: string;
    } = {},
  ) {}

  get state(): LeadListEngineState {
    if (this.bitmaps !== undefined && this.failure === undefined && !this.restoring) return 'ready';
    return this.failure === undefined ? 'loading' : 'failed';
  }

  /** The leads version the bitmaps reflect (-1: not loaded). */
  get version(): number {
    return this.reflects;
  }

  /** Leads held. */
  get size(): number {
    return this.bitmaps?.size ?? 0;
  }

  /** Memory held: the bitmaps, the per-lead arrays (a reload holds two sets until it swaps them), the kept windows. */
  get memoryBytes(): number {
    return (
      bitmapBytes() +
      (this.bitmaps?.arrayBytes ?? 0) +
      (this.bitmaps?.coverBytes ?? 0) +
      (this.bitmaps?.windowBytes ?? 0)
    );
  }

  private notified = false;
  private following: Promise<void> | undefined;
  /** PostgreSQL: whether the listener on `lead_changes` is up. */
  private hearing = false;
  /** Notifications heard, and listener (re)starts: when it moved, a write of another process may have committed. */
  private heard = 0;
  /** The stamp at which the bitmaps were last found to reflect the database (-1: never). */
  private confirmedAt = -1;
  /** SQLite: the database's change count (DatabaseHandle.changeCount), which stands while nothing is written. */
  private changeCount: (() => number) | undefined;

  /**
   * PostgreSQL: catches up as soon as a lead write commits, from any process (LISTEN on the channel migration
   * 2026-11-24-0401 notifies), rather than when the next list request finds a newer version. On both engines, lets list
   * requests skip reading the version while nothing happened since it was last read (knownCurrent): on SQLite by the
   * database's change count. The result stops it.
   */
  follow(database: DatabaseHandle, onListenerError: (error: unknown) => void): () => Promise<void> {
    if (database.changeCount) {
      this.changeCount = database.changeCount;
      return async () => {
        this.changeCount = undefined;
      };
    }
    if (!database.listen) return async () => undefined;
    const schema = database.schema ?? 'public';
    return followChannel(database.listen, 'lead_changes', {
      onMessage: (payload) => {
        if (payload === schema) this.onNotified();
      },
      onUp: () => {
        this.hearing = true;
        // Writes made while nobody listened were not heard of.
        this.onNotified();
      },
      onDown: () => {
        this.hearing = false;
      },
      onError: onListenerError,
    });
  }

  /**
   * Take it just before reading the current leads version, and pass it to `confirm` once the bitmaps reflect that
   * version: it moves with every notification heard and every write this process completes.
   */
  stamp(): number {
    return this.changeCount ? this.changeCount() : this.heard + completedWrites();
  }

  /** The bitmaps reflect `version`, read after `stamp` was taken. */
  confirm(stamp: number, version: number): void {
    if (this.reflects >= version && stamp > this.confirmedAt) this.confirmedAt = stamp;
  }

  /**
   * Whether the bitmaps reflect every committed lead write without reading the version: on PostgreSQL, while the
   * listener is up and neither a notification nor a write of this process's own came since they were last found
   * current (a write of another process is known once its notification arrives, within milliseconds of its commit);
   * on SQLite, while the database's change count stands where it stood then (any write, by any connection, moves it).
   */
  get knownCurrent(): boolean {
    return (
      (this.hearing || this.changeCount !== undefined) &&
      this.state === 'ready' &&
      this.work === undefined &&
      this.confirmedAt === this.stamp()
    );
  }

  private onNotified(): void {
    this.heard++;
    if (this.state !== 'ready') return;
    this.notified = true;
    this.following ??= (async () => {
      while (this.notified) {
        this.notified = false;
        const stamp = this.stamp();
        const version = await currentLeadsVersion(this.db);
        await this.syncTo(version);
        this.confirm(stamp, version);
      }
    })()
      .catch(this.onError)
      .finally(() => {
        this.following = undefined;
      });
  }

  /** Starts loading in the background unless loaded, under way or failed a moment ago. */
  start(): void {
    if (this.closing || this.work || this.state === 'ready' || Date.now() < this.retryAt) return;
    this.failure = undefined;
    this.run(() => currentLeadsVersion(this.db).then((version) => this.catchUp(version)));
  }

  private run(step: () => Promise<void>): Promise<void> {
    this.work ??= step()
      .catch((error: unknown) => {
        // A failed engine keeps nothing it might answer wrongly with: SQL answers until a reload succeeds.
        this.failure = error;
        this.bitmaps = undefined;
        this.reflects = -1;
        this.retryAt = Date.now() + RETRY_AFTER_MS;
        this.onError(error);
      })
      .finally(() => {
        this.work = undefined;
        this.bulk.end();
      });
    return this.work;
  }

  /** From here until the current work ends, requests are answered from the bitmaps as far as they are applied. */
  private beginBulk(): void {
    if (this.bulk.underWay || this.bitmaps === undefined || this.restoring) return;
    this.bulk.begin(performance.now());
    for (const wake of this.bulkWaiters.splice(0)) wake();
  }

  /** Whether a bulk catch-up is under way and the bitmaps are close enough behind the log to answer through it. */
  private get answersThroughBulk(): boolean {
    return (
      this.bulk.underWay && this.bulk.behindBy(this.revision, performance.now()) < BULK_ANSWER_MS
    );
  }

  /**
   * Whether the bitmaps may answer at `version` of the leads (read by the caller just before). When they are behind,
   * the changes are applied first if that is done within a moment. A bulk catch-up (an import) is not waited for:
   * the bitmaps answer as far as they have applied it (near real time, docs/lead-list-engine.md). Otherwise SQL
   * answers and the catch-up goes on.
   */
  async readyAt(version: number): Promise<boolean> {
    if (this.state !== 'ready') {
      this.start();
      return false;
    }
    if (this.reflects >= version) return true;
    const done = this.syncTo(version);
    if (this.answersThroughBulk) return true;
    let timer: NodeJS.Timeout | undefined;
    let wake: (() => void) | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CATCH_UP_WAIT_MS);
    });
    const bulk = new Promise<true>((resolve) => {
      wake = () => resolve(true);
      this.bulkWaiters.push(wake);
    });
    const result = await Promise.race([done.then(() => true), late, bulk]);
    clearTimeout(timer);
    this.bulkWaiters = this.bulkWaiters.filter((w) => w !== wake);
    return (
      result && this.state === 'ready' && (this.reflects >= version || this.answersThroughBulk)
    );
  }

  /**
   * The state at `version` of the leads (read just before), after a moment's catch-up if need be: `behind` while it
   * applies a bulk catch-up too, since it answers then but not with every change yet.
   */
  async statusAt(version: number): Promise<LeadListEngineStatus> {
    if (this.state !== 'ready') {
      this.start();
      return this.state;
    }
    const answers = await this.readyAt(version);
    if (this.state !== 'ready') return this.state;
    return answers && this.reflects >= version ? 'ready' : 'behind';
  }

  /** Whether lists are answered from the bitmaps now: current, or through a bulk catch-up (readiness). */
  get answering(): boolean {
    return this.state === 'ready' && (this.work === undefined || this.answersThroughBulk);
  }

  /** Brings the bitmaps up to `version` (loading them first if need be). */
  async syncTo(version: number): Promise<void> {
    while (this.reflects < version && !this.closing) {
      await this.run(() => this.catchUp(version));
      if (this.failure !== undefined) return;
    }
  }

  /** Writes the lead's JSON as a dealer's page shows it, contact masked, when the engine holds it exactly (LeadBitmaps.writeShown). */
  writeShown(id: number, maxDealers: number, out: JsonBytes): boolean {
    return this.bitmaps?.writeShown(id, maxDealers, out) ?? false;
  }

  /** The active leads of a model in `years`, at most `perYear` a year (the engine must be ready: see readyAt). */
  modelLeads(brand: string, model: string, years: readonly number[], perYear: number): ModelLead[] {
    if (this.bitmaps === undefined) throw new Error('lead list engine: not loaded');
    return this.bitmaps.modelLeads(brand, model, years, perYear);
  }

  /** One newest-first page and the exact total (the engine must be ready: see readyAt). */
  page(filter: CanonicalLeadFilter, offset: number, limit: number) {
    if (this.bitmaps === undefined) throw new Error('lead list engine: not loaded');
    return this.bitmaps.page(filter, offset, limit);
  }

  private async catchUp(version: number): Promise<void> {
    if (this.bitmaps === undefined) {
      this.restoring = true;
      try {
        if (await this.restoreSnapshot()) {
          const restored = this.bitmaps;
          await this.applyChanges(version);
          // The catch-up may have read every lead instead (the changes since were pruned, or too many).
          if (this.bitmaps !== restored || (await this.matchesDatabase())) return;
          this.bitmaps = undefined;
        }
      } finally {
        this.restoring = false;
      }
      await this.loadAll(version);
      return;
    }
    await this.applyChanges(version);
  }

  /** Applies the changes logged past this process's revision; reloads when they were pruned or are too many. */
  private async applyChanges(version: number): Promise<void> {
    const oldest = await this.db
      .selectFrom('lead_changes')
      .select((eb) => eb.fn.min('revision').as('revision'))
      .executeTakeFirst();
    // Changes this process has not seen were pruned: only a reload brings it back in step.
    if (oldest?.revision != null && Number(oldest.revision) > this.revision + 1) {
      await this.loadAll(version);
      return;
    }
    let applied = 0;
    for (;;) {
      const changes = await this.db
        .selectFrom('lead_changes')
        .select(['revision', 'lead_id'])
        .where('revision', '>', this.revision)
        .orderBy('revision')
        .limit(CHANGE_CHUNK)
        .execute();
      if (changes.length === 0) break;
      applied += changes.length;
      if (applied > (this.options.reloadThreshold ?? RELOAD_THRESHOLD)) {
        await this.loadAll(version);
        return;
      }
      if (changes.length === CHANGE_CHUNK) {
        this.beginBulk();
        // How far the log reaches now: once applied up to there, the bitmaps are at most this moment behind.
        if (this.bulk.underWay) {
          const seenAt = performance.now();
          this.bulk.saw(await newestRevision(this.db), seenAt);
        }
      }
      await this.apply([...new Set(changes.map((c) => c.lead_id))]);
      this.revision = Number(changes[changes.length - 1]!.revision);
      if (changes.length < CHANGE_CHUNK) break;
      // Shutting down: what was applied stays consistent with this.revision (the snapshot keeps it); no more.
      if (this.closing) return;
      await yieldToEventLoop();
    }
    this.reflects = version;
    // Housekeeping: a failure to prune is reported, never a reason to stop answering.
    await this.pruneChanges().catch(this.onError);
  }

  private async apply(changed: number[]): Promise<void> {
    const bitmaps = this.bitmaps!;
    // Requests go on between steps of any catch-up, every BULK_STEP_MS of work: 2,000 changes of new leads (each a
    // few dozen bitmap changes) would otherwise hold the event loop for tens of milliseconds.
    let stepBegan = performance.now();
    const stepDone = () => performance.now() - stepBegan >= BULK_STEP_MS;
    const nextStep = async () => {
      await yieldToEventLoop();
      stepBegan = performance.now();
    };
    await bitmaps.reserve(yieldToEventLoop);
    const readChunk = isPostgres(this.db) ? POSTGRES_READ_CHUNK : SQLITE_READ_CHUNK;
    for (let i = 0; i < changed.length; i += readChunk) {
      const ids = changed.slice(i, i + readChunk);
      const found = new Set<number>();
      const rows = await readLeads(this.db, ids);
      if (stepDone()) await nextStep();
      // Leads past every lead held (an import's) go in together, each bitmap taking a hundred of them in one call.
      const top = bitmaps.maxId;
      for (const row of rows) {
        found.add(row.id);
        if (row.id > top) continue;
        bitmaps.upsert(row);
        if (stepDone()) await nextStep();
      }
      const arrivals = rows.filter((row) => row.id > top).sort((a, b) => a.id - b.id);
      for (let at = 0; at < arrivals.length; at += APPEND_CHUNK) {
        bitmaps.appendAll(arrivals.slice(at, at + APPEND_CHUNK));
        if (stepDone()) await nextStep();
      }
      // A removal takes the lead out of every running union above its price and kilometres, so removals are applied
      // one at a time, each its own unit of a step, rather than a chunk at once.
      for (const id of ids) {
        if (found.has(id)) continue;
        bitmaps.remove(id);
        if (stepDone()) await nextStep();
      }
    }
  }

  /**
   * Reads every lead in chunks into fresh bitmaps, then swaps them in: a reload leaves the current ones answering
   * meanwhile. Changes committed during the read are applied again by the next catch-up.
   */
  private async loadAll(version: number): Promise<void> {
    this.loadStartedAt = performance.now();
    // A reload of loaded bitmaps (far behind): the old ones answer meanwhile, as through any bulk catch-up.
    this.beginBulk();
    const last = await this.db
      .selectFrom('lead_changes')
      .select((eb) => eb.fn.max('revision').as('revision'))
      .executeTakeFirst();
    const fresh = new LeadBitmaps();
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('leads')
        .select(LEAD_LIST_COLUMNS)
        .where('id', '>', after)
        .orderBy('id')
        .limit(LOAD_CHUNK)
        .execute();
      fresh.appendAll(rows);
      if (rows.length < LOAD_CHUNK) break;
      // Shutting down: a half-read list is dropped rather than finished (seconds at a million leads).
      if (this.closing) return;
      after = rows[rows.length - 1]!.id;
      await yieldToEventLoop();
    }
    await fresh.buildRunningUnions(yieldToEventLoop);
    this.bitmaps = fresh;
    this.revision = Number(last?.revision ?? 0);
    this.reflects = version;
    this.loadSeconds = (performance.now() - this.loadStartedAt) / 1000;
    this.loadedFrom = 'database';
    // Still inside the engine's one piece of work: no change is applied to the bitmaps while they are written.
    await this.saveSnapshot();
  }

  /**
   * The snapshot's bitmaps and revision, if there is a snapshot of this layout whose revision the database has
   * reached (a database restored from an older backup has not). Anything wrong with it: read every lead instead.
   */
  private async restoreSnapshot(): Promise<boolean> {
    const file = this.options.snapshotFile;
    if (file === undefined) return false;
    this.loadStartedAt = performance.now();
    try {
      const input = await readSnapshot(file);
      if (input === undefined) return false;
      const header = input.json<{ revision: number }>();
      const last = await this.db
        .selectFrom('lead_changes')
        .select((eb) => eb.fn.max('revision').as('revision'))
        .executeTakeFirst();
      if (!(header.revision <= Number(last?.revision ?? 0))) return false;
      this.bitmaps = await LeadBitmaps.restore(input, yieldToEventLoop);
      this.revision = header.revision;
      this.snapshotRevision = header.revision;
      return true;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  /**
   * After a restore and catch-up: the leads held are the database's, as far as a bounded check can tell — the same
   * highest id, and as many leads among the newest VERIFIED_IDS ids (a primary-key range count: a few ms, where a
   * count of every lead would hold SQLite for hundreds). Writes in between move the version: then catch up again, a
   * few times, before giving up on the snapshot.
   */
  private async matchesDatabase(): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const held = this.bitmaps!;
      const top = held.maxId;
      const from = Math.max(0, top - VERIFIED_IDS);
      const row = await this.db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('leads')
            .select((sub) => sub.fn.countAll<number>().as('n'))
            .where('id', '>', from)
            .as('n'),
          eb
            .selectFrom('leads')
            .select((sub) => sub.fn.max('id').as('top'))
            .as('top'),
          eb.selectFrom('leads_version').select('version').where('id', '=', 1).as('version'),
        ])
        .executeTakeFirstOrThrow();
      const version = Number(row.version ?? 0);
      if (version === this.reflects) {
        const matches = Number(row.top ?? 0) === top && Number(row.n) === held.countAbove(from);
        if (matches) {
          this.loadSeconds = (performance.now() - this.loadStartedAt) / 1000;
          this.loadedFrom = 'snapshot';
        } else {
          this.onError(
            new Error('lead list snapshot: does not match the database; reading every lead'),
          );
        }
        return matches;
      }
      await this.applyChanges(version);
      if (this.bitmaps !== held) return this.bitmaps !== undefined;
    }
    return false;
  }

  /** Writes the bitmaps to the snapshot file (when configured); a failure is reported, never fatal. */
  private async saveSnapshot(): Promise<void> {
    const file = this.options.snapshotFile;
    if (file === undefined || this.bitmaps === undefined) return;
    try {
      const out = new SnapshotWriter();
      out.json({ revision: this.revision });
      this.bitmaps.save(out);
      await writeSnapshot(file, out.parts);
      this.snapshotRevision = this.revision;
    } catch (error) {
      this.onError(error);
    }
  }

  /**
   * Stops loading and catching up (a load under way is dropped at its next chunk) and writes the snapshot if the
   * bitmaps moved since the last one (a graceful shutdown), so the next start restores them and applies only what
   * changed meanwhile.
   */
  async close(): Promise<void> {
    this.closing = true;
    while (this.work) await this.work;
    if (this.state === 'ready' && this.revision !== this.snapshotRevision)
      await this.saveSnapshot();
  }

  /**
   * Deletes all but the newest KEPT_CHANGES revisions of lead_changes, at most once a minute per process, in short
   * deletes. A process that had not read the deleted ones notices (catchUp) and reloads.
   */
  private async pruneChanges(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const through = this.revision - (this.options.keptChanges ?? KEPT_CHANGES);
    if (through <= 0) return;
    for (;;) {
      const batch = await this.db
        .selectFrom('lead_changes')
        .select('revision')
        .where('revision', '<=', through)
        .orderBy('revision')
        .limit(PRUNE_CHUNK)
        .execute();
      if (batch.length === 0) return;
      const last = Number(batch[batch.length - 1]!.revision);
      const { runUnlessBusy } = this.options;
      if (runUnlessBusy) {
        // SQLite: another writer holds the lock (an import, say): try again next turn rather than wait for it.
        if (!(await runUnlessBusy('delete from lead_changes where revision <= ?', [last]))) return;
      } else {
        await this.db.deleteFrom('lead_changes').where('revision', '<=', last).execute();
      }
      if (batch.length < PRUNE_CHUNK) return;
      await yieldToEventLoop();
    }
  }

  /** Prunes now (tests): as pruneChanges, without waiting for the minute. */
  async pruneNow(): Promise<void> {
    this.lastPrune = 0;
    await this.pruneChanges();
  }
}
