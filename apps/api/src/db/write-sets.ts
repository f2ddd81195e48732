// Writes of one kind that arrive together run as one set: a single write of the group commit (write-batcher.ts) that
// does the work of all of them with set-based statements (a few round trips for the set instead of a few per write)
// and answers each its own outcome. docs/architecture.md, "Writes: sets".
import type { Db, Engine, Tx } from './database';
import { runWrite } from './write-batcher';

/** One input's outcome: its answer, or the error its caller gets (the set's other inputs are not affected). */
export type SetOutcome<T> = { ok: T } | { error: unknown };

/**
 * Does the work of every input, in one transaction shared with the batch: one outcome per input, in order. Like any
 * write it may run more than once and must have no effect outside `tx`. An error it throws fails the whole set, so
 * an input's own refusal is an outcome, with its statements undone (a savepoint) when it had written any.
 */
export type SetWork<I, T> = (tx: Tx, inputs: readonly I[]) => Promise<SetOutcome<T>[]>;

/**
 * Inputs per set at most; more start the next set. A set that goes one by one gives each input a savepoint, and
 * PostgreSQL keeps only 64 subtransaction ids per transaction in shared memory (write-batcher.ts, MAX_BATCH).
 */
export const MAX_SET_SIZE = 60;

interface OpenSet {
  inputs: unknown[];
  waiters: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[];
}

/** Per database, the set of each kind that still takes inputs: it closes when its write starts to run. */
const openSets = new WeakMap<Db, Map<SetWork<never, unknown>, OpenSet>>();

/**
 * Adds `input` to the open set of `work` (opening one, queued as one write, if there is none) and answers its
 * outcome once the set's batch has committed.
 */
export function runWriteInSet<I, T>(
  db: Db,
  engine: Engine,
  work: SetWork<I, T>,
  input: I,
): Promise<T> {
  let sets = openSets.get(db);
  if (!sets) {
    sets = new Map();
    openSets.set(db, sets);
  }
  const open = sets;
  const key = work as SetWork<never, unknown>;
  let set = open.get(key);
  if (!set || set.inputs.length >= MAX_SET_SIZE) {
    const created: OpenSet = { inputs: [], waiters: [] };
    set = created;
    open.set(key, created);
    runWrite(db, engine, (tx) => {
      if (open.get(key) === created) open.delete(key);
      return work(tx, created.inputs as I[]);
    }).then(
      (outcomes) =>
        outcomes.forEach((outcome, i) => {
          const waiter = created.waiters[i]!;
          if ('ok' in outcome) waiter.resolve(outcome.ok);
          else waiter.reject(outcome.error);
        }),
      (error: unknown) => created.waiters.forEach((waiter) => waiter.reject(error)),
    );
  }
  const joined = set;
  return new Promise<T>((resolve, reject) => {
    joined.inputs.push(input);
    joined.waiters.push({ resolve: resolve as (value: unknown) => void, reject });
  });
}
