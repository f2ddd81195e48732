// Recognises constraint violations from either engine, and says what a single process says when a unique rule breaks.
import { apiMessages, orderMessages } from '@dealerleads/shared';

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * The rules a service checks before writing and a unique index enforces again: two processes can both pass the
 * check, and the one the index then refuses must get the same answer a single process gives. `sqlite` is how SQLite
 * names the index in its message ('table.column' for a plain column, "index 'name'" for an expression).
 */
const UNIQUE_RULES: readonly { index: string; sqlite: string; message: string }[] = [
  { index: 'orders_one_per_utr', sqlite: 'orders.utr', message: orderMessages.utrTaken },
  {
    index: 'users_user_name_key_unique',
    sqlite: 'users.user_name_key',
    message: apiMessages.usernameTaken,
  },
  {
    index: 'users_user_name_skeleton_unique',
    sqlite: 'users.user_name_skeleton',
    message: apiMessages.usernameLookAlike,
  },
  {
    index: 'packages_code_lower_unique',
    sqlite: "index 'packages_code_lower_unique'",
    message: apiMessages.packageCodeTaken,
  },
];

/** The rule's message for a unique violation one of UNIQUE_RULES names; undefined for anything else. */
export function uniqueViolationMessage(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  const rule = UNIQUE_RULES.find((r) =>
    typeof constraint === 'string'
      ? constraint === r.index
      : typeof message === 'string' && message.endsWith(`: ${r.sqlite}`),
  );
  return rule?.message;
}
