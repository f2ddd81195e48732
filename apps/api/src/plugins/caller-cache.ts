// The members who called lately, remembered so that a request need not read its caller (docs/hardening.md,
// "Sessions"). PostgreSQL: only while this process listens on `member_changes` (migration 2026-11-25-0701): every
// change of a member's status, role, token version or unlocks revision, from any process, makes every process forget
// that member, and a commit of this process's own has its members read again (the commit can be known before its
// notification); while the listener is down nothing is remembered and every request reads the member. SQLite: a
// member is remembered while the database's change count stands where it stood when they were read (any write to the
// database, by any connection, makes every process forget every member).
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

/** When a read of a member began: pass it to `remember`. */
export interface CallerReadStart {
  epoch: number;
  changeCount: number;
}

/** A safety net only: revocation comes from the notification (or the change count), at once. */
const REMEMBER_MS = 30_000;

export class CallerCache {
  private readonly rows = new LRUCache<number, { row: CallerRow; changeCount: number }>({
    max: 10_000,
    ttl: REMEMBER_MS,
  });
  private listening = false;
  /** SQLite: the database's change count (DatabaseHandle.changeCount); a member read before it moved is not used. */
  private changeCount: (() => number) | undefined;
  /**
   * Bumped on every forget: a read that began before a member changed must not be remembered after the change was
   * forgotten (it may carry the old token version).
   */
  private epoch = 0;

  get(id: number): CallerRow | undefined {
    if (!this.listening) return undefined;
    const kept = this.rows.get(id);
    if (kept === undefined) return undefined;
    return this.changeCount === undefined || kept.changeCount === this.changeCount()
      ? kept.row
      : undefined;
  }

  /** The moment a read begins; pass it to `remember`. */
  begin(): CallerReadStart {
    return { epoch: this.epoch, changeCount: this.changeCount?.() ?? 0 };
  }

  remember(row: CallerRow, { epoch, changeCount }: CallerReadStart): void {
    if (this.listening && epoch === this.epoch) this.rows.set(row.id, { row, changeCount });
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

  /** SQLite: remembers members for as long as `changeCount` stands where it stood when each was read. */
  followChangeCount(changeCount: () => number): void {
    this.countChangesBy(changeCount);
    this.setListening(true);
  }

  /**
   * Uses a member only while `changeCount` stands where it stood when they were read. On PostgreSQL it counts this
   * process's own commits (completedWrites), which can come before their notification does: a dealer's unlock shows
   * on their next page in this process at once.
   */
  countChangesBy(changeCount: () => number): void {
    this.changeCount = changeCount;
  }

  private readonly reading = new Map<
    number,
    CallerReadStart & { row: Promise<CallerRow | undefined> }
  >();

  /**
   * The member read by `load` and remembered; requests that arrive while a read of the same member runs share it if
   * nothing was forgotten or written since it began (then it is as fresh as a read of their own).
   */
  read(id: number, load: () => Promise<CallerRow | undefined>): Promise<CallerRow | undefined> {
    const began = this.begin();
    const pending = this.reading.get(id);
    if (pending?.epoch === began.epoch && pending.changeCount === began.changeCount)
      return pending.row;
    const row = load().then((found) => {
      if (found) this.remember(found, began);
      return found;
    });
    const entry = { ...began, row };
    this.reading.set(id, entry);
    const done = () => {
      if (this.reading.get(id) === entry) this.reading.delete(id);
    };
    row.then(done, done);
    return row;
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
