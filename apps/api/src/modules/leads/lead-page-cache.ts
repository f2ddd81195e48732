// Keeps recent lead pages per filter mix in this process; a page is reused only while the leads_version
// counter in the database is unchanged, so a write through any process invalidates every process's pages.
import type { Queryable } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { CanonicalLeadFilter } from './lead-filters';
import type { LeadPage } from './leads.repository';

/** A cached page; once a response carried it, also that response body (see leads.routes.ts). */
export interface CachedLeadPage extends LeadPage {
  /** The JSON body of this page for every caller who has unlocked none of its leads. */
  body?: Buffer;
  /** That body gzipped, for browsers (compressed once per cached page). */
  gzippedBody?: Buffer;
}

interface Entry {
  version: number;
  page: CachedLeadPage;
}

const leadsVersion = preparedQuery((db) =>
  db.selectFrom('leads_version').select('version').where('id', '=', 1),
);

export class LeadPageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 2000) {}

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

  async get(key: string, version: number, load: () => Promise<LeadPage>): Promise<CachedLeadPage> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Re-insert so the Map's order stays least-recently-used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.page;
    }
    const page: CachedLeadPage = await load();
    this.entries.delete(key);
    this.entries.set(key, { version, page });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return page;
  }
}
