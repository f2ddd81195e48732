// The members who called lately, remembered so that a request on PostgreSQL costs its one statement rather than a
// second one for the caller (docs/hardening.md, "Sessions"). Only while this process listens on `member_changes`
// (migration 2026-11-25-0701): every change of a member's status, role or token version, from any process, makes
// every process forget that member; while the listener is down nothing is remembered and every request reads the
// member, as on SQLite (where that read is a prepared statement in the same process, a few microseconds).
import { LRUCache } from 'lru-cache';
import { followChannel, type Listen } from '../db/notifications';

export interface CallerRow {
  id: number;
  user_name: string;
  role: string;
  status: boolean | number;
  token_version: number;
  unlocks_revision: number;
}

/** A safety net only: revocation comes from the notification, at once. */
const REMEMBER_MS = 30_000;

export class CallerCache {
  private readonly rows = new LRUCache<number, CallerRow>({ max: 10_000, ttl: REMEMBER_MS });
  private listening = false;
  /**
   * Bumped on every forget: a read that began before a member changed must not be remembered after the change was
   * forgotten (it may carry the old token version).
   */
  private epoch = 0;

  get(id: number): CallerRow | undefined {
    return this.listening ? this.rows.get(id) : undefined;
  }

  /** The moment a read begins; pass it to `remember`. */
  begin(): number {
    return this.epoch;
  }

  remember(row: CallerRow, readBegan: number): void {
    if (this.listening && readBegan === this.epoch) this.rows.set(row.id, row);
  }

  forget(id: number): void {
    this.epoch++;
    this.rows.delete(id);
  }

  /** Listening (true): members may be remembered. Not listening: everything is forgotten. */
  setListening(listening: boolean): void {
    this.epoch++;
    this.rows.clear();
    this.listening = listening;
  }
}

/** Follows `member_changes` for the given schema into the cache, reconnecting after a failure. The result stops it. */
export function followMemberChanges(
  cache: CallerCache,
  listen: Listen,
  schema: string,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return followChannel(listen, 'member_changes', {
    onMessage: (payload) => {
      const at = payload.lastIndexOf(':');
      if (payload.slice(0, at) === schema) cache.forget(Number(payload.slice(at + 1)));
    },
    onUp: () => cache.setListening(true),
    onDown: () => cache.setListening(false),
    onError,
  });
}
