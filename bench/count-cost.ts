// design.md §8 "a page with its total costs at most 2× the page alone, for every filter mix": the API's own page code
// (findLeadPage, with its count per filter mix) run in this process on the benchmark database, against the page alone
// from the same source (the in-memory lead list index for filter mixes, SQL for text searches), over each scenario's
// queries.
import { leadFilterSchema, type LeadFilter } from '@dealerleads/shared';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/database';
import { canonicalLeadFilter } from '../apps/api/src/modules/leads/lead-filters';
import { isIndexable, LeadListIndex } from '../apps/api/src/modules/leads/lead-list-index';
import { LeadPageBody } from '../apps/api/src/modules/leads/lead-page-body';
import { LeadPageCache } from '../apps/api/src/modules/leads/lead-page-cache';
import { leadPageQueries, leadRowsByIds } from '../apps/api/src/modules/leads/leads.repository';
import {
  findLeadPage,
  leadListSources,
  type LeadListSources,
} from '../apps/api/src/modules/leads/leads.service';
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

/** The page alone: from the index without a count, or the SQL page ids, their rows and the body. */
async function pageAloneMs(handle: DatabaseHandle, sources: LeadListSources, filter: LeadFilter) {
  const canonical = canonicalLeadFilter(filter);
  if (isIndexable(canonical)) {
    const offset = offsetOf(filter.pageNumber, filter.pageSize);
    return timedMs(() => sources.listIndex.page(canonical, offset, filter.pageSize, false, 0));
  }
  const queries = leadPageQueries(handle.db, handle.engine, canonical, filter, false);
  return timedMs(async () => {
    const ids = (await queries.ids.execute()).map((r) => r.id);
    return LeadPageBody.ofRows(await leadRowsByIds(handle.db, ids), false);
  });
}

/** The page with its total, as the API finds it. */
function pageAndTotalMs(handle: DatabaseHandle, sources: LeadListSources, filter: LeadFilter) {
  const canonical = canonicalLeadFilter(filter);
  return timedMs(() =>
    findLeadPage(handle.db, sources, canonical, filter, false, 0, (error) => {
      throw error;
    }),
  );
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
    // Fresh counts per scenario (version 0 stands for the unchanging benchmark database).
    const sourcesFor = () => leadListSources(handle.engine, index);
    const costs: CountCost[] = [];
    for (const s of scenarios) {
      if (s.kind === 'detail' || s.paths.length < 2) continue;
      const filters = s.paths.slice(0, QUERIES_PER_SCENARIO).map(filterOf);
      // Warm the code paths, then time both for each query in turn, which one first alternating, so neither gains from
      // pages the other read. The total's count per filter mix is measured as a dealer meets it (the first page of a
      // mix counts, later pages reuse it).
      const sources = sourcesFor();
      for (const f of filters.slice(0, 20)) await pageAloneMs(handle, sources, f);
      let page = 0;
      let total = 0;
      for (const [i, f] of filters.entries()) {
        if (i % 2 === 0) page += await pageAloneMs(handle, sources, f);
        total += await pageAndTotalMs(handle, sources, f);
        if (i % 2 === 1) page += await pageAloneMs(handle, sources, f);
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
