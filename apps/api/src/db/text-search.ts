// Case-insensitive "contains" matching with LIKE, the same on SQLite and PostgreSQL; wildcards in input are literal.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A `%…%` pattern for `lower(column) like`, with LIKE wildcards in the input taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** `lower(column) like pattern escape '\'` for one column reference (may be qualified, e.g. `u.name`). */
export function columnContains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}

/** True when any of the columns contains the text. */
export function anyColumnContains<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  return eb.or(columns.map((column) => columnContains(column, text)));
}
