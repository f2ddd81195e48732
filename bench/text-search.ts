// design.md §8 "searchterm ≥ 100× faster than a LIKE scan on the same rows": the API's own search statements (page ids
// and capped count, as leads.repository builds them) against the same page and count done by a LIKE scan of the leads,
// on the benchmark database, term by term. Measured in this process, outside HTTP: the API never LIKE-scans a 3+ letter
// term, so only the database can be asked.
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/database';
import type { Database } from '../apps/api/src/db/schema';
import { SEARCH_COLUMNS } from '../apps/api/src/db/migrations/2026-11-22-0002-lead-search';
import { anyColumnContains } from '../apps/api/src/db/text-search';
import { leadPageQueries, TOTAL_CAP } from '../apps/api/src/modules/leads/leads.repository';
import type { BenchDatabase } from './database';

export interface TextSearchComparison {
  terms: number;
  /** Mean milliseconds per term: page ids + capped count. */
  indexedMs: number;
  likeMs: number;
  /** likeMs / indexedMs over all terms. */
  speedup: number;
  /** The smallest per-term speedup. */
  worstSpeedup: number;
  worstTerm: string;
}

const PAGE = { pageNumber: 1, pageSize: 60 };

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The page and capped count of a dealer's search, answered by scanning leads with LIKE. */
async function likeScan(db: Kysely<Database>, term: string): Promise<void> {
  const matching = db
    .selectFrom('leads')
    .select('id')
    .where('status', '=', 1)
    .where((eb) => anyColumnContains(eb, SEARCH_COLUMNS, term))
    .orderBy('id', 'desc');
  await matching.limit(PAGE.pageSize).execute();
  await db
    .selectFrom(matching.limit(TOTAL_CAP + 1).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
}

async function indexed(handle: DatabaseHandle, term: string): Promise<void> {
  const queries = leadPageQueries(handle.db, handle.engine, { searchterm: term }, PAGE, false);
  await queries.ids.execute();
  await queries.count.executeTakeFirstOrThrow();
}

/** Compares the two for each term (first run of each discarded, so both read warm pages). */
export async function compareTextSearch(
  database: BenchDatabase,
  terms: string[],
): Promise<TextSearchComparison> {
  const handle = openDatabase(
    database.engine === 'sqlite'
      ? { engine: 'sqlite', file: database.file }
      : { engine: 'postgres', url: database.url },
  );
  try {
    let indexedTotal = 0;
    let likeTotal = 0;
    let worstSpeedup = Infinity;
    let worstTerm = '';
    for (const term of terms) {
      await indexed(handle, term);
      const indexedMs = await timed(() => indexed(handle, term));
      const likeMs =
        handle.engine === 'sqlite'
          ? await timed(() => likeScan(handle.db, term))
          : // PostgreSQL would answer the LIKE from its trigram index: forbid index use for this transaction.
            await handle.db.transaction().execute(async (tx) => {
              await sql`set local enable_bitmapscan = off`.execute(tx);
              await sql`set local enable_indexscan = off`.execute(tx);
              await sql`set local enable_indexonlyscan = off`.execute(tx);
              return timed(() => likeScan(tx, term));
            });
      indexedTotal += indexedMs;
      likeTotal += likeMs;
      if (likeMs / indexedMs < worstSpeedup) {
        worstSpeedup = likeMs / indexedMs;
        worstTerm = term;
      }
    }
    return {
      terms: terms.length,
      indexedMs: indexedTotal / terms.length,
      likeMs: likeTotal / terms.length,
      speedup: likeTotal / indexedTotal,
      worstSpeedup,
      worstTerm,
    };
  } finally {
    await handle.close();
  }
}
