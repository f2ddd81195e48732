// Keeps lead_changes short: deletes all but its newest revisions, beside the engine's work rather than inside it.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DatabaseHandle, Queryable } from '../../../db/database';
import { KEPT_CHANGES, PRUNE_CHUNK, PRUNE_EVERY_MS } from './engine-reads';

export interface ChangeLogPrunerOptions {
  /** Revisions kept below the newest applied one (KEPT_CHANGES by default). */
  keptChanges?: number;
  /** SQLite's write that never waits for the lock (DatabaseHandle.runUnlessBusy): pruning skips a turn instead. */
  runUnlessBusy?: DatabaseHandle['runUnlessBusy'];
}

/**
 * Prunes at most once a minute per process, in short deletes. A process that had not read the deleted revisions
 * notices at its next catch-up and reloads.
 */
export class ChangeLogPruner {
  private lastPrune = 0;
  private pruning: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
    private readonly options: ChangeLogPrunerOptions = {},
  ) {}

  /**
   * Starts a prune up to `revision` (the newest applied) less the kept ones, unless one runs or ran a moment ago. It
   * is never awaited by a catch-up: a first prune after an import deletes up to a million revisions, and readers
   * waiting for the catch-up would wait for that too. A failure is reported, never a reason to stop answering.
   */
  start(revision: number): void {
    if (this.pruning || this.stopped || Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.pruning = this.pruneNow(revision)
      .catch(this.onError)
      .finally(() => {
        this.pruning = undefined;
      });
  }

  /** Prunes now, whenever the last prune was (tests call it directly). */
  async pruneNow(revision: number): Promise<void> {
    this.lastPrune = Date.now();
    const through = revision - (this.options.keptChanges ?? KEPT_CHANGES);
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
      if (batch.length < PRUNE_CHUNK || this.stopped) return;
      await yieldToEventLoop();
    }
  }

  /** Stops pruning (at its next delete) and waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.pruning;
  }
}
