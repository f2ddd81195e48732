// The lead list engine's sync state as one value, changed only by `nextSyncState`: what the engine holds, whether it
// may answer from it, and whether work is under way are never worked out from separate fields (engine-sync.ts).
import { CatchUpLag } from './catch-up-lag';
import type { LeadBitmaps } from './lead-bitmaps';
import { RETRY_AFTER_MS } from './engine-reads';

/** Bitmaps and the leads_version they reflect. */
export interface Held {
  readonly bitmaps: LeadBitmaps;
  readonly reflects: number;
}

export type SyncState =
  /** Nothing to answer from: not started, reading every lead, or checking a restored snapshot (`restored`). */
  | { readonly kind: 'loading'; readonly restored?: Held }
  /** Answering, and no work under way: the bitmaps reflect the last version they were brought to. */
  | { readonly kind: 'current'; readonly held: Held }
  /**
   * Answering while work is under way (a catch-up, a reload, a snapshot write); `bulk` once the catch-up turned out to
   * be a bulk one (an import), answered through while it is at most BULK_ANSWER_MS behind.
   */
  | { readonly kind: 'behind'; readonly held: Held; readonly bulk?: CatchUpLag }
  /** Holding nothing after an error: SQL answers, and a start after `retryAt` loads again. */
  | { readonly kind: 'failed'; readonly error: unknown; readonly retryAt: number };

export type SyncEvent =
  /** A piece of work begins (a load, a catch-up). */
  | { readonly type: 'work' }
  /** Loading: the snapshot was read; its bitmaps are brought up to date and checked before they answer. */
  | { readonly type: 'restored'; readonly bitmaps: LeadBitmaps }
  /** The restored bitmaps matched the database: they answer from now on. */
  | { readonly type: 'verified' }
  /** The restored bitmaps did not match: every lead is read instead. */
  | { readonly type: 'rejected' }
  /** The changes up to `version` were applied to the bitmaps held (or being restored). */
  | { readonly type: 'applied'; readonly version: number }
  /** Every lead was read into `bitmaps`, reflecting `version`: they replace whatever was held. */
  | { readonly type: 'loaded'; readonly bitmaps: LeadBitmaps; readonly version: number }
  /** The catch-up under way is a bulk one, from `at` (performance.now()). */
  | { readonly type: 'bulk'; readonly at: number }
  /** The piece of work ended. */
  | { readonly type: 'done' }
  /** An error while loading or applying, at `at` (Date.now()). */
  | { readonly type: 'failed'; readonly error: unknown; readonly at: number };

export const INITIAL_SYNC_STATE: SyncState = { kind: 'loading' };

/** The bitmaps held, if any, answering or not (a restored snapshot being checked included). */
export function heldOf(state: SyncState): Held | undefined {
  if (state.kind === 'loading') return state.restored;
  return state.kind === 'failed' ? undefined : state.held;
}

function illegal(state: SyncState, event: SyncEvent): never {
  throw new Error(`lead list sync: '${event.type}' while ${state.kind}`);
}

/** Every transition of the sync state; an event the sync never sends in a state is a bug, and fails the engine. */
export function nextSyncState(state: SyncState, event: SyncEvent): SyncState {
  switch (event.type) {
    case 'work':
      if (state.kind === 'current') return { kind: 'behind', held: state.held };
      if (state.kind === 'behind') return state;
      return { kind: 'loading' };
    case 'restored':
      if (state.kind !== 'loading' || state.restored) return illegal(state, event);
      return { kind: 'loading', restored: { bitmaps: event.bitmaps, reflects: -1 } };
    case 'verified':
      if (state.kind !== 'loading' || !state.restored) return illegal(state, event);
      return { kind: 'behind', held: state.restored };
    case 'rejected':
      if (state.kind !== 'loading') return illegal(state, event);
      return { kind: 'loading' };
    case 'applied': {
      const held = heldOf(state);
      if (held === undefined || state.kind === 'current') return illegal(state, event);
      const next = { bitmaps: held.bitmaps, reflects: event.version };
      return state.kind === 'loading'
        ? { kind: 'loading', restored: next }
        : {
            kind: 'behind',
            held: next,
            ...(state.kind === 'behind' && state.bulk ? { bulk: state.bulk } : {}),
          };
    }
    case 'loaded': {
      if (state.kind !== 'loading' && state.kind !== 'behind') return illegal(state, event);
      const held = { bitmaps: event.bitmaps, reflects: event.version };
      return state.kind === 'behind' && state.bulk
        ? { kind: 'behind', held, bulk: state.bulk }
        : { kind: 'behind', held };
    }
    case 'bulk': {
      // Only bitmaps that answer can answer through a bulk catch-up; a first load or a restore is not answered from.
      if (state.kind === 'loading' || (state.kind === 'behind' && state.bulk)) return state;
      if (state.kind !== 'behind') return illegal(state, event);
      const bulk = new CatchUpLag();
      bulk.begin(event.at);
      return { kind: 'behind', held: state.held, bulk };
    }
    case 'done':
      if (state.kind === 'behind') return { kind: 'current', held: state.held };
      // A load or restore cut short (shutting down) leaves nothing to answer from.
      if (state.kind === 'loading') return { kind: 'loading' };
      return state;
    case 'failed':
      return { kind: 'failed', error: event.error, retryAt: event.at + RETRY_AFTER_MS };
  }
}
