// The lead list engine's sync: loads every lead (or restores the snapshot) in the background, applies the lead_changes
// log in steps, prunes it, and moves the state the engine answers by (sync-state.ts) through its transitions.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isPostgres, type Queryable } from '../../../db/database';
import { LeadBitmaps } from './lead-bitmaps';
import {
  heldOf,
  INITIAL_SYNC_STATE,
  nextSyncState,
  type SyncEvent,
  type SyncState,
} from './sync-state';
import { LeadAppender } from './lead-appender';
import { readSnapshot, writeSnapshot } from './lead-list-snapshot';
import { ChangeLogPruner, type ChangeLogPrunerOptions } from './change-log-pruner';
import {
  APPEND_CHUNK,
  BULK_ANSWER_MS,
  BULK_STEP_MS,
  CHANGE_CHUNK,
  MIN_RELOAD_THRESHOLD,
  POSTGRES_READ_CHUNK,
  RELOAD_SHARE,
  RELOAD_THRESHOLD,
  SQLITE_READ_CHUNK,
  VERIFIED_IDS,
  changeLogSpan,
  newestRevision,
  loadChunkReader,
  readLeads,
} from './engine-reads';

export type LeadListEngineState = 'loading' | 'ready' | 'failed';
/** As /api/health reports it: `behind` when ready but still applying changes (SQL answers meanwhile). */
export type LeadListEngineStatus = LeadListEngineState | 'behind';

/**
 * Loading, catching up, snapshots and pruning (change-log-pruner.ts), and the one state value they move (sync-state.ts); LeadListEngine
 * answers on top of it.
 */
export abstract class LeadListSync {
  private current: SyncState = INITIAL_SYNC_STATE;
  /** The last lead_changes revision applied. */
  protected revision = 0;
  /** The one piece of work under way (a load or a catch-up): every other caller waits for it. */
  protected work: Promise<void> | undefined;
  protected loadStartedAt = 0;
  /** Seconds the last full load took. */
  loadSeconds: number | undefined;
  /** Where the bitmaps held came from: read from every lead, or restored from the snapshot and brought up to date. */
  loadedFrom: 'database' | 'snapshot' | undefined;
  /** The lead_changes revision of the last snapshot written or restored (-1: none). */
  protected snapshotRevision = -1;
  protected closing = false;
  /** Requests waiting for a catch-up, woken when it turns out to be a bulk one. */
  protected bulkWaiters: (() => void)[] = [];

  constructor(
    protected readonly db: Queryable,
    protected readonly onError: (error: unknown) => void,
    protected readonly options: ChangeLogPrunerOptions & {
      reloadThreshold?: number;
      /** How long a request waits for a small catch-up before SQL answers it (CATCH_UP_WAIT_MS by default). */
      catchUpWaitMs?: number;
      /** The snapshot file of this database (lead-list-snapshot.ts); none: every start reads every lead. */
      snapshotFile?: string;
    } = {},
  ) {
    this.pruner = new ChangeLogPruner(db, onError, options);
  }

  protected readonly pruner: ChangeLogPruner;

  /** The sync's state: loading, current, behind or failed, with what each holds. */
  get sync(): SyncState {
    return this.current;
  }

  /** The one place the state changes. */
  protected transition(event: SyncEvent): void {
    this.current = nextSyncState(this.current, event);
  }

  /** The bitmaps held (answering, or restored and being checked), if any. */
  protected get bitmaps(): LeadBitmaps | undefined {
    return heldOf(this.current)?.bitmaps;
  }

  /** The leads_version the bitmaps reflect (-1: none held). */
  protected get reflects(): number {
    return heldOf(this.current)?.reflects ?? -1;
  }

  get state(): LeadListEngineState {
    const { kind } = this.current;
    return kind === 'current' || kind === 'behind' ? 'ready' : kind;
  }

  protected run(step: () => Promise<void>): Promise<void> {
    if (this.work) return this.work;
    this.transition({ type: 'work' });
    this.work = step()
      .catch((error: unknown) => {
        // A failed engine keeps nothing it might answer wrongly with: SQL answers until a reload succeeds.
        this.transition({ type: 'failed', error, at: Date.now() });
        this.onError(error);
      })
      .finally(() => {
        this.work = undefined;
        this.transition({ type: 'done' });
      });
    return this.work;
  }

  /** From here until the current work ends, requests are answered from the bitmaps as far as they are applied. */
  protected beginBulk(): void {
    this.transition({ type: 'bulk', at: performance.now() });
    if (this.current.kind === 'behind' && this.current.bulk)
      for (const wake of this.bulkWaiters.splice(0)) wake();
  }

  /** Whether a bulk catch-up is under way and the bitmaps are close enough behind the log to answer through it. */
  protected get answersThroughBulk(): boolean {
    const state = this.current;
    return (
      state.kind === 'behind' &&
      state.bulk !== undefined &&
      state.bulk.behindBy(this.revision, performance.now()) < BULK_ANSWER_MS
    );
  }

  protected async catchUp(version: number): Promise<void> {
    if (this.bitmaps === undefined) {
      if (await this.restoreSnapshot()) {
        const restored = this.bitmaps;
        await this.applyChanges(version);
        // The catch-up may have read every lead instead (the changes since were pruned, or too many).
        if (this.bitmaps !== restored) return;
        if (await this.matchesDatabase()) {
          // matchesDatabase may have read every lead too; only bitmaps still being checked are verified.
          if (this.current.kind === 'loading') this.transition({ type: 'verified' });
          return;
        }
        this.transition({ type: 'rejected' });
      }
      await this.loadAll(version);
      return;
    }
    await this.applyChanges(version);
  }

  /**
   * Changes past which reading every lead again costs less than applying them (RELOAD_SHARE of the leads held, within
   * MIN_RELOAD_THRESHOLD and RELOAD_THRESHOLD), or the configured number.
   */
  protected reloadThresholdFor(leads: number): number {
    return (
      this.options.reloadThreshold ??
      Math.min(RELOAD_THRESHOLD, Math.max(MIN_RELOAD_THRESHOLD, Math.ceil(leads * RELOAD_SHARE)))
    );
  }

  /** Applies the changes logged past this process's revision; reloads when they were pruned or are too many. */
  protected async applyChanges(version: number): Promise<void> {
    const log = await changeLogSpan(this.db);
    // Changes this process has not seen were pruned, or so many that applying them costs more than reading every
    // lead: a reload brings it in step, without first applying changes it would then read again.
    if (
      (log.oldest !== undefined && log.oldest > this.revision + 1) ||
      log.newest - this.revision > this.reloadThresholdFor(this.bitmaps?.size ?? 0)
    ) {
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
      // Written faster than they are applied: the same reckoning as above.
      if (applied > this.reloadThresholdFor(this.bitmaps?.size ?? 0)) {
        await this.loadAll(version);
        return;
      }
      if (changes.length === CHANGE_CHUNK) {
        this.beginBulk();
        // How far the log reaches now: once applied up to there, the bitmaps are at most this moment behind.
        const { bulk } = this.current.kind === 'behind' ? this.current : {};
        if (bulk) {
          const seenAt = performance.now();
          bulk.saw(await newestRevision(this.db), seenAt);
        }
      }
      await this.apply([...new Set(changes.map((c) => c.lead_id))]);
      this.revision = Number(changes[changes.length - 1]!.revision);
      if (changes.length < CHANGE_CHUNK) break;
      // Shutting down: what was applied stays consistent with this.revision (the snapshot keeps it); no more.
      if (this.closing) return;
      await yieldToEventLoop();
    }
    this.transition({ type: 'applied', version });
    this.pruner.start(this.revision);
  }

  protected async apply(changed: number[]): Promise<void> {
    const bitmaps = this.bitmaps!;
    // Requests go on between steps of any catch-up, every BULK_STEP_MS of work: 2,000 changes of new leads (each a
    // few dozen bitmap changes) would otherwise hold the event loop for tens of milliseconds.
    let stepBegan = performance.now();
    const stepDone = () => performance.now() - stepBegan >= BULK_STEP_MS;
    const nextStep = async () => {
      await yieldToEventLoop();
      stepBegan = performance.now();
    };
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
  protected async loadAll(version: number): Promise<void> {
    this.loadStartedAt = performance.now();
    // A reload of loaded bitmaps (far behind): the old ones answer meanwhile, as through any bulk catch-up.
    this.beginBulk();
    const last = await this.db
      .selectFrom('lead_changes')
      .select((eb) => eb.fn.max('revision').as('revision'))
      .executeTakeFirst();
    const fresh = new LeadBitmaps();
    // Straight into the fresh columns, which nothing answers from yet: the bitmaps take a page of ids at a time.
    const appender = new LeadAppender(fresh);
    const reader = await loadChunkReader(this.db);
    try {
      for (;;) {
        const chunk = await reader.next();
        if (chunk === undefined) break;
        for (const _step of appender.add(chunk)) await yieldToEventLoop();
        // Shutting down: a half-read list is dropped rather than finished (seconds at a million leads).
        if (this.closing) return;
        await yieldToEventLoop();
      }
    } finally {
      await reader.close();
    }
    for (const _step of appender.flush()) await yieldToEventLoop();
    await fresh.buildRunningUnions(yieldToEventLoop);
    this.transition({ type: 'loaded', bitmaps: fresh, version });
    this.revision = Number(last?.revision ?? 0);
    this.loadSeconds = (performance.now() - this.loadStartedAt) / 1000;
    this.loadedFrom = 'database';
    // Still inside the engine's one piece of work: no change is applied to the bitmaps while they are written.
    await this.saveSnapshot();
  }

  /**
   * The snapshot's bitmaps and revision, if there is a snapshot of this layout whose revision the database has
   * reached (a database restored from an older backup has not). Anything wrong with it: read every lead instead.
   */
  protected async restoreSnapshot(): Promise<boolean> {
    const file = this.options.snapshotFile;
    if (file === undefined) return false;
    this.loadStartedAt = performance.now();
    try {
      // Read part by part from the file, each restored before the next is read.
      const restored = await readSnapshot(file, async (input) => {
        const header = await input.json<{ revision: number }>();
        const log = await changeLogSpan(this.db);
        if (!(header.revision <= log.newest)) return undefined;
        // Changes since were pruned, or are more than a restore saves (however many leads it would hold): read every
        // lead now rather than restore, apply part of the changes, and read every lead then.
        if (
          (log.oldest !== undefined && log.oldest > header.revision + 1) ||
          log.newest - header.revision > this.reloadThresholdFor(Infinity)
        ) {
          this.onError(
            new Error(
              `lead list snapshot: ${log.newest - header.revision} changes behind the log; reading every lead`,
            ),
          );
          return undefined;
        }
        return {
          revision: header.revision,
          bitmaps: await LeadBitmaps.restore(input, yieldToEventLoop),
        };
      });
      if (restored === undefined) return false;
      this.transition({ type: 'restored', bitmaps: restored.bitmaps });
      this.revision = restored.revision;
      this.snapshotRevision = restored.revision;
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
  protected async matchesDatabase(): Promise<boolean> {
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
  protected async saveSnapshot(): Promise<void> {
    const file = this.options.snapshotFile;
    const bitmaps = this.bitmaps;
    if (file === undefined || bitmaps === undefined) return;
    const revision = this.revision;
    try {
      // Each part is written as it is serialized: the snapshot is never whole in memory.
      await writeSnapshot(file, async (out) => {
        await out.json({ revision });
        await bitmaps.save(out);
      });
      this.snapshotRevision = revision;
    } catch (error) {
      this.onError(error);
    }
  }
}
