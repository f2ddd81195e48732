// The SQLite trigram index of lead search (migrations 0002 and 0005 keep it), as tools that bulk-load leads use it.
import { sql, type Kysely } from 'kysely';
import type { Engine } from './database';

/** Merges the trigram index into one segment (seconds at a million leads): after bulk loads, searches read less. */
export async function optimizeLeadSearchIndex<T>(db: Kysely<T>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    await sql.raw(`insert into leads_search(leads_search) values ('optimize')`).execute(db);
  }
}
