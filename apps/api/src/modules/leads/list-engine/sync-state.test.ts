// The sync state's transitions: which states answer, what each event moves to, and that an event the sync never sends
// in a state is refused rather than worked around.
import { describe, expect, it } from 'vitest';
import { LeadBitmaps } from './lead-bitmaps';
import { RETRY_AFTER_MS } from './engine-reads';
import {
  heldOf,
  INITIAL_SYNC_STATE,
  nextSyncState,
  type SyncEvent,
  type SyncState,
} from './sync-state';

const run = (state: SyncState, ...events: SyncEvent[]) => events.reduce(nextSyncState, state);

describe('lead list sync state', () => {
  const snapshot = new LeadBitmaps();
  const fresh = new LeadBitmaps();

  it('loads from nothing: loading while reading, behind until the work ends, then current', () => {
    expect(INITIAL_SYNC_STATE).toEqual({ kind: 'loading' });
    const reading = run(INITIAL_SYNC_STATE, { type: 'work' });
    expect(reading.kind).toBe('loading');
    // A first load answers from nothing: a bulk catch-up does not make it answer.
    expect(run(reading, { type: 'bulk', at: 1 })).toBe(reading);
    const loaded = run(reading, { type: 'loaded', bitmaps: fresh, version: 7 });
    expect(loaded).toEqual({ kind: 'behind', held: { bitmaps: fresh, reflects: 7 } });
    expect(run(loaded, { type: 'done' })).toEqual({
      kind: 'current',
      held: { bitmaps: fresh, reflects: 7 },
    });
  });

  it('holds a restored snapshot without answering until it was checked', () => {
    const restored = run(
      INITIAL_SYNC_STATE,
      { type: 'work' },
      { type: 'restored', bitmaps: snapshot },
      { type: 'applied', version: 3 },
    );
    expect(restored).toEqual({ kind: 'loading', restored: { bitmaps: snapshot, reflects: 3 } });
    expect(heldOf(restored)?.bitmaps).toBe(snapshot);
    expect(run(restored, { type: 'verified' }, { type: 'done' })).toEqual({
      kind: 'current',
      held: { bitmaps: snapshot, reflects: 3 },
    });
    // Rejected: every lead is read instead.
    const rejected = run(restored, { type: 'rejected' });
    expect(rejected).toEqual({ kind: 'loading' });
    expect(heldOf(rejected)).toBeUndefined();
    // Cut short (shutting down) before the check: nothing is kept to answer from.
    expect(run(restored, { type: 'done' })).toEqual({ kind: 'loading' });
  });

  it('catches up behind, answers through a bulk catch-up, and is current again when the work ends', () => {
    const current = run(
      INITIAL_SYNC_STATE,
      { type: 'work' },
      { type: 'loaded', bitmaps: fresh, version: 1 },
      { type: 'done' },
    );
    const behind = run(current, { type: 'work' });
    expect(behind).toEqual({ kind: 'behind', held: { bitmaps: fresh, reflects: 1 } });
    const bulk = run(behind, { type: 'bulk', at: 100 });
    expect(bulk.kind === 'behind' && bulk.bulk?.underWay).toBe(true);
    // The same bulk catch-up goes on measuring from its start.
    expect(run(bulk, { type: 'bulk', at: 200 })).toBe(bulk);
    const applied = run(bulk, { type: 'applied', version: 9 });
    expect(applied.kind === 'behind' && applied.bulk).toBe(bulk.kind === 'behind' && bulk.bulk);
    expect(heldOf(applied)?.reflects).toBe(9);
    // A reload while far behind replaces the bitmaps in one step.
    const reloaded = run(applied, { type: 'loaded', bitmaps: snapshot, version: 12 });
    expect(heldOf(reloaded)).toEqual({ bitmaps: snapshot, reflects: 12 });
    expect(run(reloaded, { type: 'done' })).toEqual({
      kind: 'current',
      held: { bitmaps: snapshot, reflects: 12 },
    });
  });

  it('fails from any state, holding nothing, and loads again when started', () => {
    const error = new Error('disk');
    const states: SyncState[] = [
      INITIAL_SYNC_STATE,
      { kind: 'loading', restored: { bitmaps: snapshot, reflects: 2 } },
      { kind: 'current', held: { bitmaps: fresh, reflects: 2 } },
      { kind: 'behind', held: { bitmaps: fresh, reflects: 2 } },
    ];
    for (const state of states) {
      const failed = run(state, { type: 'failed', error, at: 1_000 });
      expect(failed).toEqual({ kind: 'failed', error, retryAt: 1_000 + RETRY_AFTER_MS });
      expect(heldOf(failed)).toBeUndefined();
      // The work that failed ends; the failure stays until a start.
      expect(run(failed, { type: 'done' })).toBe(failed);
      expect(run(failed, { type: 'work' })).toEqual({ kind: 'loading' });
    }
  });

  it('refuses events the sync never sends in a state', () => {
    const current: SyncState = { kind: 'current', held: { bitmaps: fresh, reflects: 1 } };
    const failed: SyncState = { kind: 'failed', error: new Error('x'), retryAt: 0 };
    expect(() => run(current, { type: 'applied', version: 2 })).toThrow("'applied' while current");
    expect(() => run(current, { type: 'bulk', at: 1 })).toThrow("'bulk' while current");
    expect(() => run(current, { type: 'loaded', bitmaps: fresh, version: 2 })).toThrow();
    expect(() => run(failed, { type: 'applied', version: 2 })).toThrow();
    expect(() => run(INITIAL_SYNC_STATE, { type: 'verified' })).toThrow();
    expect(() => run(INITIAL_SYNC_STATE, { type: 'applied', version: 1 })).toThrow();
    expect(() =>
      run(
        { kind: 'loading', restored: { bitmaps: snapshot, reflects: 1 } },
        { type: 'restored', bitmaps: fresh },
      ),
    ).toThrow();
  });
});
