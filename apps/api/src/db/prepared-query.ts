// A fixed-shape query compiled once per database and then run with fresh parameters: for the few statements every
// request runs (the caller, the leads version, the caller's unlocks on a page), where building and compiling the
// Kysely query costs more than running it.
import type { CompiledQuery } from 'kysely';
import type { Queryable } from './database';

type Param = string | number;

interface Prepared<R> {
  query: CompiledQuery<R>;
  /** For each compiled parameter, which argument fills it (or -1 for a constant of the query itself). */
  argumentAt: number[];
}

/** Marks argument i while compiling, so its position among the compiled parameters can be found. */
const marker = (i: number) => `\u0000prepared-query-argument-${i}`;

export function preparedQuery<A extends Param[], R>(
  build: (db: Queryable, ...args: A) => { compile(): CompiledQuery<R> },
): (db: Queryable, ...args: A) => Promise<R[]> {
  const prepared = new WeakMap<Queryable, Prepared<R>>();
  return async (db, ...args) => {
    let entry = prepared.get(db);
    if (entry === undefined) {
      const markers = args.map((_, i) => marker(i)) as A;
      const query = build(db, ...markers).compile();
      const argumentAt = query.parameters.map((p) => markers.indexOf(p as Param));
      if (new Set(argumentAt.filter((i) => i >= 0)).size !== args.length) {
        throw new Error(
          'preparedQuery: every argument must appear once among the query parameters',
        );
      }
      entry = { query, argumentAt };
      prepared.set(db, entry);
    }
    const { query, argumentAt } = entry;
    const parameters = argumentAt.map((i, k) => (i >= 0 ? args[i] : query.parameters[k]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
