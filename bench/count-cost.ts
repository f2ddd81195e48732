// design.md §8 "a page with its total costs at most 2× the page alone, for every filter mix": the API's own page code
// run in this process on the benchmark database, once asking for the capped total and once for the page alone, over
// each scenario's queries. Filter mixes go through the in-memory lead list index (with its count per mix), text
// searches through SQL (page ids, then the capped count).
import { leadFilterSchema, type LeadFilter } from '@dealerleads/shared';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/database';
import { canonicalLeadFilter } from '../apps/api/src/modules/leads/lead-filters';
import { isIndexable, LeadListIndex } from '../apps/api/src/modules/leads/lead-list-index';
import { LeadPageCache } from '../apps/api/src/modules/leads/lead-page-cache';
import { leadPageQueries, TOTAL_CAP } from '../apps/api/src/modules/leads/leads.repository';
import { offsetOf } from '../apps/api/src/plugins/pagination';
import type { BenchDatabase } from './database';
import type { Scenario } from './scenarios';

export interface CountCost {
  key: string;
  label: string;
  queries: number;
  /** Mean milliseconds per query. */
  pageMs: number;
  pageAndTotalMs: number;
  ratio: number;
}

const QUERIES_PER_SCENARIO = 400;

function filterOf(path: string): LeadFilter {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  return leadFilterSchema.parse(Object.fromEntries(query));
}

async function timedMs(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function costOf(
  handle: DatabaseHandle,
  index: LeadListIndex,
  filter: LeadFilter,
  withTotal: boolean,
): Promise<number> {
  const canonical = canonicalLeadFilter(filter);
  const offset = offsetOf(filter.pageNumber, filter.pageSize);
  if (isIndexable(canonical)) {
    return timedMs(() =>
      index.page(canonical, offset, filter.pageSize, false, withTotal ? TOTAL_CAP + 1 : 0),
    );
  }
  const queries = leadPageQueries(handle.db, handle.engine, canonical, filter, false);
  return timedMs(async () => {
    await queries.ids.execute();
    if (withTotal) await queries.count.executeTakeFirstOrThrow();
  });
}

export async function measureCountCost(
  database: BenchDatabase,
  scenarios: Scenario[],
): Promise<CountCost[]> {
  const handle = openDatabase(
    database.engine === 'sqlite'
      ? { engine: 'sqlite', file: database.file }
      : { engine: 'postgres', url: database.url },
  );
  try {
    const index = new LeadListIndex();
    await index.syncTo(handle.db, await LeadPageCache.currentVersion(handle.db));
    const costs: CountCost[] = [];
    for (const s of scenarios) {
      if (s.kind === 'detail' || s.paths.length < 2) continue;
      const filters = s.paths.slice(0, QUERIES_PER_SCENARIO).map(filterOf);
      // Warm the code paths, then time both for each query in turn, which one first alternating, so neither gains from
      // pages the other read. The total's count per filter mix is measured as a dealer meets it (the first page of a
      // mix counts, later pages reuse it).
      for (const f of filters.slice(0, 20)) await costOf(handle, index, f, false);
      let page = 0;
      let total = 0;
      for (const [i, f] of filters.entries()) {
        if (i % 2 === 0) page += await costOf(handle, index, f, false);
        total += await costOf(handle, index, f, true);
        if (i % 2 === 1) page += await costOf(handle, index, f, false);
      }
      costs.push({
        key: s.key,
        label: s.label,
        queries: filters.length,
        pageMs: page / filters.length,
        pageAndTotalMs: total / filters.length,
        ratio: total / page,
      });
    }
    return costs;
  } finally {
    await handle.close();
  }
}
