// Server-side prepared statements on PostgreSQL. node-postgres sends an unnamed statement by default: the server
// parses and plans its text again on every run. Named, a connection parses a text once and then only binds and runs
// it (and after a few runs PostgreSQL may keep a generic plan): parsing and planning were about a third of an
// unlock's server time (docs/architecture.md, "Prepared statements"). Kysely talks to the pool through this wrapper,
// which names each parameterised text after its hash; a connection prepares at most MAX_NAMED_STATEMENTS of them and
// runs any further text unnamed, so the many shapes of rarely run queries cannot fill the server's memory.
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

/** Statements one connection keeps prepared. */
export const MAX_NAMED_STATEMENTS = 1000;

/** Statement names by text, shared by the connections (a hash per run would cost more than the lookup). */
const namesByText = new LRUCache<string, string>({ max: 4 * MAX_NAMED_STATEMENTS });

function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `dl_${createHash('sha1').update(text).digest('base64url')}`;
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Statements that may have committed a write, completed by this process on PostgreSQL through any pool: a COMMIT, a
 * statement other than a SELECT outside a transaction, a failure. When the count moved, a write of this process's own
 * may have committed since (LeadListEngine.knownCurrent); statements inside a transaction commit nothing yet.
 */
let writesCompleted = 0;
const writeListeners = new Set<() => void>();

export function completedWrites(): number {
  return writesCompleted;
}

/** Calls `listener` each time completedWrites moves; the result stops it. */
export function onWriteCompleted(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

function writeCompleted(): void {
  writesCompleted++;
  for (const listener of writeListeners) listener();
}

function countedOn(client: pg.PoolClient) {
  return <R extends { command?: string }>(result: R): R => {
    // 'I': the connection is outside a transaction after the statement, so what it wrote is committed.
    if (result.command !== 'SELECT' && client.getTransactionStatus() === 'I') writeCompleted();
    return result;
  };
}

function countedFailure(error: unknown): never {
  writeCompleted();
  throw error;
}

function namingClient(client: pg.PoolClient, maxNamed: number): PostgresPoolClient {
  /** The names this connection has prepared. */
  const prepared = new Set<string>();
  const counted = countedOn(client);
  // node-postgres answers with its own result type; Kysely reads the same fields (command, rowCount, rows).
  const run = <R>(query: string | pg.QueryConfig) =>
    client.query(query).then(counted, countedFailure) as unknown as Promise<PostgresQueryResult<R>>;
  function query<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string')
      return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = [...parameters];
    // Without parameters a text goes by the simple protocol, which also runs several statements at once.
    if (values.length === 0) return run<R>(sqlOrCursor);
    const name = statementName(sqlOrCursor);
    if (!prepared.has(name)) {
      if (prepared.size >= maxNamed) return run<R>({ text: sqlOrCursor, values });
      prepared.add(name);
    }
    return run<R>({ name, text: sqlOrCursor, values });
  }
  return { query, release: () => client.release() };
}

/** The pool as Kysely's PostgresDialect takes it, with each connection's statements prepared by name. */
export function preparingPool(
  pool: pg.Pool,
  { maxNamed = MAX_NAMED_STATEMENTS }: { maxNamed?: number } = {},
): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (wrapped === undefined) {
        wrapped = namingClient(client, maxNamed);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
