// node-postgres, loaded only when a PostgreSQL database is opened, and the values it gives: the same as SQLite's.
import type pg from 'pg';
import { loadOnUse } from '../lib/load-on-use';

const PG_TYPES = {
  INT8: 20,
  DATE: 1082,
  TIMESTAMPTZ: 1184,
  TIMESTAMP: 1114,
  NUMERIC: 1700,
} as const;

/** node-postgres, loaded only when a PostgreSQL database is opened. */
export const postgresDriver = loadOnUse<typeof pg>('pg');

/** Counts come back as numbers, dates as `YYYY-MM-DD`, timestamps as ISO text: the same values SQLite gives. */
export function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === PG_TYPES.INT8 || oid === PG_TYPES.NUMERIC) return (v: string) => Number(v);
      if (oid === PG_TYPES.DATE) return (v: string) => v;
      if (oid === PG_TYPES.TIMESTAMPTZ || oid === PG_TYPES.TIMESTAMP)
        return (v: string) => new Date(v).toISOString();
      return postgresDriver().types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** A connection's options: the schema first on its search path when it is not the default one. */
export function postgresOptions(schema: string | undefined): { options?: string } {
  // public stays on the path: extensions such as pg_trgm live there.
  return schema ? { options: `-c search_path=${schema},public` } : {};
}
