// Says when this process's lead bitmaps may answer, and answers from them: follows every lead write (LISTEN on
// PostgreSQL, the change count on SQLite), waits a moment for a short catch-up, and fails over to SQL while the sync
// (engine-sync.ts) loads, lags or has failed. The design and its numbers: docs/lead-list-engine.md.
import type { DatabaseHandle } from '../../../db/database';
import { followChannel } from '../../../db/notifications';
import { completedWrites, onWriteCompleted } from '../../../db/postgres-statements';
import { JsonBytes, PieceBytes } from '../../../lib/json-bytes';
import type { CanonicalLeadFilter } from './lead-filters';
import { bitmapBytes } from './bitmaps';
import type { ModelLead } from './lead-columns';
import { LeadListSync, type LeadListEngineStatus } from './engine-sync';
import { CATCH_UP_WAIT_MS, currentLeadsVersion } from './engine-reads';

export { sampleStep } from './cover-column';
export {
  BULK_ANSWER_MS,
  KEPT_CHANGES,
  RELOAD_THRESHOLD,
  currentLeadsVersion,
} from './engine-reads';
export type { LeadListEngineState, LeadListEngineStatus } from './engine-sync';
export type { ModelLead };

/** Room for the leads' JSON on a page: at least 512 bytes a lead, more once pages have taken more. */
export const PAGE_BYTES = new PieceBytes(512);

/** Rows read with the leads version and the caller's unlocks revision in one statement (leadRowsAndVersions). */
export interface RowsAndVersions<Row> {
  version: number;
  unlocksRevision: number;
  rows: Row[];
}

/** What `listPage` needs of the request besides the query. */
export interface PageRequest<Row> {
  /** Whether the engine may write each lead with its contact masked (not for an Admin, who sees every contact). */
  masked: boolean;
  maxDealers: number;
  /** The caller's unlocks revision as the caller cache has it (0 for a visitor). */
  unlocksRevision: number;
  /** Reads these leads' rows with the current leads version and the caller's unlocks revision, in one statement. */
  readRows: (ids: number[]) => Promise<RowsAndVersions<Row>>;
}

/** The engine's answer to a page: `sql` when it may not answer now (loading, lagging, failed). */
export type EnginePage<Row> =
  | { source: 'sql' }
  | {
      source: 'engine';
      ids: number[];
      total: number;
      /** The leads the engine wrote (comma first from the second on) in `json`, where each begins and ends, by id. */
      json: JsonBytes;
      written: Map<number, { start: number; end: number }>;
      /** The other leads' rows and the versions they were read at; absent when the page was made again after a write. */
      read?: RowsAndVersions<Row>;
    };

/** Answers lists from the bitmaps the sync (engine-sync.ts) keeps, and says when they may. */
export class LeadListEngine extends LeadListSync {
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
  /** Lists waiting for the follow loop to confirm a stamp at least theirs (see awaitFollowing). */
  private confirmWaiters: { stamp: number; wake: () => void }[] = [];
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
    // A write of this process's own is followed once it commits, as another's is once heard of: lists that arrive
    // meanwhile then wait for that one catch-up instead of each reading the version.
    const stopWrites = onWriteCompleted(() => this.onOwnWrite());
    const stopListening = followChannel(database.listen, 'lead_changes', {
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
    return async () => {
      stopWrites();
      await stopListening();
    };
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
    if (this.confirmWaiters.length > 0) this.wakeConfirmWaiters(false);
  }

  private wakeConfirmWaiters(all: boolean): void {
    this.confirmWaiters = this.confirmWaiters.filter((waiter) => {
      if (!all && waiter.stamp > this.confirmedAt) return true;
      waiter.wake();
      return false;
    });
  }

  /**
   * PostgreSQL: while the follow loop catches up with a notification, a list that arrived meanwhile waits (at most
   * a catch-up's wait) for the loop to confirm the bitmaps past its arrival instead of reading the version itself:
   * beside a steady stream of writes the loop is nearly always running, and a statement per list would cost the
   * database and the event loop more than the lists do. A catch-up that turns out to be a bulk one (an import) is not
   * waited for: the list goes on as soon as the bitmaps answer through it (readyAt).
   */
  private async awaitFollowing(arrived: number): Promise<void> {
    if (this.following === undefined || this.confirmedAt >= arrived || this.answersThroughBulk)
      return;
    let timer: NodeJS.Timeout | undefined;
    let wake: (() => void) | undefined;
    await new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, this.options.catchUpWaitMs ?? CATCH_UP_WAIT_MS);
      this.confirmWaiters.push({ stamp: arrived, wake: resolve });
      this.bulkWaiters.push(resolve);
    });
    clearTimeout(timer);
    this.confirmWaiters = this.confirmWaiters.filter((waiter) => waiter.wake !== wake);
    this.bulkWaiters = this.bulkWaiters.filter((w) => w !== wake);
  }

  /**
   * Whether the bitmaps reflect every committed lead write without reading the version: on PostgreSQL, while the
   * listener is up and neither a notification nor a write of this process's own came since they were last found
   * current (a write of another process is known once its notification arrives, within milliseconds of its commit);
   * on SQLite, while the database's change count stands where it stood then (any write, by any connection, moves it).
   */
  get knownCurrent(): boolean {
    return this.confirmedSince(this.stamp());
  }

  /**
   * Whether the bitmaps answer now and were found to reflect a version read after `stamp` was taken (while following):
   * then they hold every write committed and heard of before then. With the current stamp this is knownCurrent; on
   * SQLite each stamp is a statement, so a list passes the one it took on arrival.
   */
  private confirmedSince(stamp: number): boolean {
    return (
      (this.hearing || this.changeCount !== undefined) &&
      this.sync.kind === 'current' &&
      this.confirmedAt >= stamp
    );
  }

  /**
   * Whether the columns reflect every committed lead write, after a moment's catch-up as a list allows: known without
   * a read while following, else by reading the version; a yes is confirmed, so later asks skip the read.
   */
  async currentFor(readVersion: () => Promise<number>): Promise<boolean> {
    if (this.knownCurrent) return true;
    const stamp = this.stamp();
    const version = await readVersion();
    if (!(await this.readyAt(version))) return false;
    this.confirm(stamp, version);
    return true;
  }

  private onNotified(): void {
    this.heard++;
    this.onOwnWrite();
  }

  private onOwnWrite(): void {
    if (this.state !== 'ready' || !this.hearing) return;
    this.notified = true;
    this.catchUpHeard();
  }

  private catchUpHeard(): void {
    this.following ??= (async () => {
      while (this.notified) {
        this.notified = false;
        const stamp = this.stamp();
        const version = await currentLeadsVersion(this.db);
        await this.syncTo(version);
        this.confirm(stamp, version);
        // A write of this process's own may be heard of before its completion is counted: once counted, it moved
        // the stamp past what was just confirmed, so the version is read once more.
        if (this.stamp() !== stamp) this.notified = true;
      }
    })()
      .catch(this.onError)
      .finally(() => {
        this.following = undefined;
        // Waiting lists read the version themselves now (the loop failed, or it confirmed them already).
        this.wakeConfirmWaiters(true);
        // A notification heard while the loop was ending found it still running: it is followed now, not lost.
        if (this.notified) this.catchUpHeard();
      });
  }

  /** Starts loading in the background unless loaded, under way or failed a moment ago. */
  start(): void {
    const { sync } = this;
    if (this.closing || this.work || this.state === 'ready') return;
    if (sync.kind === 'failed' && Date.now() < sync.retryAt) return;
    this.run(() => currentLeadsVersion(this.db).then((version) => this.catchUp(version)));
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
      timer = setTimeout(() => resolve(false), this.options.catchUpWaitMs ?? CATCH_UP_WAIT_MS);
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
    return this.sync.kind === 'current' || this.answersThroughBulk;
  }

  /** Brings the bitmaps up to `version` (loading them first if need be). */
  async syncTo(version: number): Promise<void> {
    while (this.reflects < version && !this.closing) {
      await this.run(() => this.catchUp(version));
      if (this.sync.kind === 'failed') return;
    }
  }

  /**
   * One page of the list, checked to be current: the page as the bitmaps have it, each lead written when it may be,
   * the others' rows read with the leads version in one statement (none while the engine knows itself current: a page
   * written whole then needs no statement). A write since (by any process) shows as a newer version: then the engine
   * catches up and makes the page again, or SQL answers.
   */
  async listPage<Row>(
    filter: CanonicalLeadFilter,
    offset: number,
    limit: number,
    request: PageRequest<Row>,
  ): Promise<EnginePage<Row>> {
    if (this.state !== 'ready') {
      this.start();
      return { source: 'sql' };
    }
    const stamp = this.stamp();
    if (!this.confirmedSince(stamp)) await this.awaitFollowing(stamp);
    if (this.state !== 'ready') return { source: 'sql' };
    // Through a bulk catch-up that the listener follows, a version read would be past the bitmaps' anyway: the page is
    // made as far as they have applied the changes, and every lead is read (with the versions) and shaped by the caller.
    if (this.hearing && this.answersThroughBulk)
      return {
        source: 'engine',
        ...this.page(filter, offset, limit),
        json: new JsonBytes(0),
        written: new Map(),
      };
    const known = this.version;
    const { ids, total } = this.page(filter, offset, limit);
    const json = new JsonBytes(PAGE_BYTES.capacityFor(limit));
    const written = new Map<number, { start: number; end: number }>();
    const toRead: number[] = [];
    json.ascii('[');
    for (const id of ids) {
      const comma = written.size > 0;
      if (comma) json.ascii(',');
      const start = json.length;
      if (request.masked && this.writeShown(id, request.maxDealers, json)) {
        written.set(id, { start, end: json.length });
      } else {
        if (comma) json.truncate(start - 1);
        toRead.push(id);
      }
    }
    // The stamp taken when the list arrived: a write since committed after it, and the page may still be shown.
    const read =
      toRead.length === 0 && this.confirmedSince(stamp)
        ? { version: known, unlocksRevision: request.unlocksRevision, rows: [] }
        : await request.readRows(toRead);
    const { version } = read;
    if (version <= known) {
      this.confirm(stamp, version);
      return { source: 'engine', ids, total, json, written, read };
    }
    if (!(await this.readyAt(version))) return { source: 'sql' };
    const again = this.page(filter, offset, limit);
    this.confirm(stamp, version);
    // Made again: every lead is read (with the versions) and shaped by the caller.
    return { source: 'engine', ...again, json, written: new Map() };
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

  /**
   * Stops loading and catching up (a load under way is dropped at its next chunk) and writes the snapshot if the
   * bitmaps moved since the last one (a graceful shutdown), so the next start restores them and applies only what
   * changed meanwhile.
   */
  async close(): Promise<void> {
    this.closing = true;
    while (this.work) await this.work;
    await this.pruner.stop();
    if (this.state === 'ready' && this.revision !== this.snapshotRevision)
      await this.saveSnapshot();
  }

  /** Prunes now (tests), without waiting for the minute. */
  async pruneNow(): Promise<void> {
    await this.pruner.pruneNow(this.revision);
  }
}
