// Which leads of a page a dealer has unlocked, from memory: each dealer's unlocked lead ids are read once and kept while
// their unlocks_revision (bumped by every write to their unlocks, by any process) is unchanged. The revision comes with
// the leads version and the page's rows in the one read a lead page makes (leadRowsAndVersions), or, when the page
// needs no read, with the caller (remembered until the member changes: plugins/caller-cache.ts).
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/database';
import { unlockedLeadIds } from './leads.repository';

/** Whether the sorted `ids` hold `id`. */
function holds(ids: Int32Array, id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid]!;
    if (at === id) return true;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

export class UnlockedLeads {
  private readonly kept: LRUCache<number, { revision: number; ids: Int32Array }>;

  /**
   * `dealers`: how many dealers' ids are kept; a dealer with more than `maxKept` unlocks is asked per page instead
   * (their ids would crowd the memory).
   */
  constructor(
    dealers = 2000,
    private readonly maxKept = 20_000,
  ) {
    this.kept = new LRUCache({ max: dealers });
  }

  /** The ones among `leadIds` that member `userId`, whose unlocks revision is `revision`, has unlocked. */
  async among(
    db: Queryable,
    userId: number,
    revision: number,
    leadIds: readonly number[],
  ): Promise<Set<number>> {
    if (leadIds.length === 0) return new Set();
    let kept = this.kept.get(userId);
    // Revisions only grow: a revision older than the one kept (a caller remembered from before their last unlock,
    // its notification still on its way) is answered with the newer ids. Revision 0: never unlocked anything.
    if (kept === undefined && revision === 0) return new Set();
    if (kept === undefined || kept.revision < revision) {
      const rows = await db
        .selectFrom('lead_unlocks')
        .select('lead_id')
        .where('user_id', '=', userId)
        .orderBy('lead_id')
        .limit(this.maxKept + 1)
        .execute();
      if (rows.length > this.maxKept) return unlockedLeadIds(db, userId, leadIds);
      kept = { revision, ids: Int32Array.from(rows, (r) => r.lead_id) };
      this.kept.set(userId, kept);
    }
    const ids = kept.ids;
    return new Set(leadIds.filter((id) => holds(ids, id)));
  }
}
