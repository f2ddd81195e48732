// Keeps recent lead pages (and counts) per filter mix in this process; one is reused only while the leads_version
// counter in the database is unchanged, so a write through any process invalidates every process's pages.
import type { Queryable } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { CanonicalLeadFilter } from './lead-filters';
import type { LeadPage } from './leads.repository';

/** A cached page; once a browser asked for it, also its body gzipped (see leads.routes.ts). */
export interface CachedLeadPage extends LeadPage {
  /** The body for callers who unlocked none of its leads (`body.bytes`), gzipped once per cached page. */
  gzippedBody?: Buffer;
}

const leadsVersion = preparedQuery((db) =>
  db.selectFrom('leads_version').select('version').where('id', '=', 1),
);

/** The leads version and a member's unlocks revision (null: no such member), in one read. */
const leadsVersionAndUnlocks = preparedQuery((db, userId: number) =>
  db
    .selectFrom('leads_version')
    .leftJoin('users', (join) => join.on('users.id', '=', userId))
    .select(['leads_version.version', 'users.unlocks_revision'])
    .where('leads_version.id', '=', 1),
);

/**
 * Values per key, each valid only while leads_version is what it was when the value was stored; the least recently used
 * go first once `capacity` is reached.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();

  constructor(private readonly capacity: number) {}

  /** The value stored under `key` for this version, if any. */
  peek(key: string, version: number): T | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    // Re-insert so the Map's order stays least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, version: number, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  async get(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key, version);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, version, value);
    return value;
  }
}

/** Recent lead pages per filter mix and page. */
export class LeadPageCache extends VersionedCache<CachedLeadPage> {
  constructor(capacity = 2000) {
    super(capacity);
  }

  static key(
    filter: CanonicalLeadFilter,
    page: { pageNumber: number; pageSize: number },
    includeInactive: boolean,
  ): string {
    return JSON.stringify([filter, page.pageNumber, page.pageSize, includeInactive]);
  }

  /** The database's current leads version: one primary-key read. */
  static async currentVersion(db: Queryable): Promise<number> {
    const [row] = await leadsVersion(db);
    return Number(row?.version ?? 0);
  }

  /** The current leads version and the unlocks revision of member `userId` (0 for none): one read. */
  static async versionsFor(
    db: Queryable,
    userId: number,
  ): Promise<{ version: number; unlocksRevision: number }> {
    const [row] = await leadsVersionAndUnlocks(db, userId);
    return {
      version: Number(row?.version ?? 0),
      unlocksRevision: Number(row?.unlocks_revision ?? 0),
    };
  }
}
