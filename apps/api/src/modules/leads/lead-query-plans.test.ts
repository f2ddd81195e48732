// The SQL fallback (while the lead list engine loads or has failed): every lead filter is served by an index (EXPLAIN
// QUERY PLAN on SQLite), so a lost index fails here, not in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, sql } from 'kysely';
import Sqlite from 'better-sqlite3';
import { leadFilterSchema } from '@dealerleads/shared';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { canonicalLeadFilter } from './list-engine';
import { changeLogSpanQuery } from './list-engine/engine-reads';
import type { Database } from '../../db/schema';
import { leadPageQueries, leadRowsAndVersions } from './leads.repository';

const filters: Record<string, string>[] = [
  {},
  { city: 'Gurugram' },
  { brand: 'hyundai' },
  { brand: 'hyundai', model: 'Creta' },
  { brand: 'hyundai', model: 'Creta', year: '2020' },
  { fuel: 'diesel' },
  { ownerName: 'first' },
  { transmission: 'automatic' },
  { rto: 'DL' },
  { year: '2019' },
  { seats: '7' },
  { price: '500000-549999' },
  { KmDriven: '100000-' },
  { city: 'Gurugram', fuel: 'petrol', price: '500000-549999', KmDriven: '20000-29999' },
  { city: 'Gurugram', fuel: 'diesel' },
  { searchterm: 'creta' },
  { searchterm: 'creta', city: 'Gurugram' },
  { searchterm: 'cr' },
  { varient: 'SX' },
];

describe('lead query plans on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database.drop());

  async function planOf(query: {
    compile(): { sql: string; parameters: readonly unknown[] };
  }): Promise<string> {
    const compiled = query.compile();
    const result = await sql
      .raw<{ detail: string }>(`explain query plan ${compiled.sql}`)
      .execute(database.handle.db)
      .catch(async () => {
        // sql.raw cannot bind parameters: inline them as literals for the plan only.
        let i = 0;
        const text = compiled.sql.replace(/\?/g, () => {
          const v = compiled.parameters[i++];
          return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
        });
        return sql
          .raw<{ detail: string }>(`explain query plan ${text}`)
          .execute(database.handle.db);
      });
    return result.rows.map((r) => r.detail).join('\n');
  }

  it.each(filters.map((f) => [JSON.stringify(f), f] as const))(
    'serves %s from an index',
    async (_name, raw) => {
      const filter = leadFilterSchema.parse({ ...raw, pageNumber: '1000' });
      // The dealers' path (active leads only); Admin's unfiltered walk of every lead is the id order itself.
      const { ids, count } = leadPageQueries(
        database.handle.db,
        'sqlite',
        canonicalLeadFilter(filter, false),
        filter,
      );
      for (const query of [ids, count]) {
        const plan = await planOf(query);
        // A bare "SCAN leads" is a full table scan; scans through an index say "USING … INDEX".
        expect(plan, plan).not.toMatch(/SCAN leads\b(?! USING)/);
        expect(plan, plan).toMatch(/INDEX/);
        if (raw.city !== undefined && raw.fuel !== undefined && raw.searchterm === undefined) {
          expect(plan, plan).toMatch(/COVERING INDEX leads_city_fuel_covering/);
        }
        // A dealer's text search is driven by the trigram index (the outer loop), newest first: no sort of matches.
        if ((raw.searchterm ?? '').length >= 3) {
          const outerLoop = plan.split('\n').find((line) => /^(SCAN|SEARCH) /.test(line));
          expect(outerLoop, plan).toMatch(/^SCAN leads_search VIRTUAL TABLE/);
          expect(plan, plan).not.toMatch(/TEMP B-TREE/);
        }
      }
    },
  );

  it.each([
    ['a page of leads', [3, 2, 1]],
    ['no page (past the last one)', []],
  ])("reads %s's rows by primary key, never walking the leads", async (_name, ids) => {
    // The statements leadRowsAndVersions runs, captured on a connection of their own.
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    const file = database.config.engine === 'sqlite' ? database.config.file : '';
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new Sqlite(file) }),
      log: (event) => void statements.push(event.query),
    });
    try {
      await leadRowsAndVersions(logged, ids, 1);
    } finally {
      await logged.destroy();
    }
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const plan = await planOf({ compile: () => statement });
      expect(plan, plan).not.toMatch(/SCAN leads\b/);
    }
  });

  it('reads the ends of the change log from its index, never walking it (every catch-up asks)', async () => {
    const plan = await planOf(changeLogSpanQuery(database.handle.db));
    expect(plan, plan).not.toMatch(/SCAN lead_changes\b/);
    expect(plan, plan).toMatch(/SEARCH lead_changes/);
  });
});
