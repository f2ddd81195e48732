// What the operator's tools (server, migrate, seed, backup, restore, create-admin) share: `--help`, and errors that
// say what to do in one line instead of a stack trace.
import type { DatabaseConfig } from '../config';

/** A mistake in what the operator asked for or configured: its message is the whole story. */
export class OperatorError extends Error {}

/** `--help` or `-h` among the arguments. */
export function wantsHelp(args: readonly string[] = process.argv.slice(2)): boolean {
  return args.includes('--help') || args.includes('-h');
}

/** Prints the usage and exits 0 when the arguments ask for help. */
export function helpIfAsked(usage: string, args: readonly string[] = process.argv.slice(2)): void {
  if (!wantsHelp(args)) return;
  console.log(usage.trim());
  process.exit(0);
}

interface SystemError extends Error {
  code?: string;
  syscall?: string;
  errors?: unknown[];
}

/** Where a PostgreSQL URL points, without its password: host:port/database. */
function postgresAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** The address and port a listen error names. */
function portOf(error: Error): string {
  const { address, port } = error as Error & { address?: string; port?: number };
  return port === undefined ? '' : address ? `${port} on ${address}` : String(port);
}

/**
 * What an error means to the operator and what to do about it, in a sentence or two; undefined for an error that is
 * not the operator's (a bug), whose stack trace the maintainers need.
 */
export function operatorMessage(error: unknown, database?: DatabaseConfig): string | undefined {
  if (error instanceof OperatorError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as SystemError;
  if (syscall === 'listen') return listenMessage(error, code);
  if (database?.engine === 'sqlite' && code && SQLITE_FILE_CODES.has(code)) {
    return `Cannot open the SQLite database ${database.file} (${code}): check that its folder exists or can be created, and that this user may write to it (DATA_DIR or DATABASE_URL).`;
  }
  const where =
    database?.engine === 'postgres'
      ? `PostgreSQL at ${postgresAddress(database.url)}`
      : 'PostgreSQL';
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach ${where}: nothing accepts connections there. Start PostgreSQL, or correct the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot find the host of ${where}: correct the host name in DATABASE_URL.`;
    case 'ETIMEDOUT':
      return `${where} does not answer: check that it runs and that a firewall lets this machine reach it.`;
    case '3D000':
      return `${where}: ${error.message}. Create it (createdb <name>) or correct the database name in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `${where} refused the login (${error.message}): correct the user name and password in DATABASE_URL.`;
    default:
      return undefined;
  }
}

/** What keeps the server from listening on its port, and what to do. */
function listenMessage(error: Error, code: string | undefined): string | undefined {
  if (code === 'EADDRINUSE')
    return `Port ${portOf(error)} is in use: another program (perhaps another DealerLeads) listens there. Stop it, or set PORT to a free port.`;
  if (code === 'EACCES')
    return `This user may not listen on port ${portOf(error)} (ports below 1024 need privileges): set PORT to 1024 or above.`;
  if (code === 'EADDRNOTAVAIL')
    return `This machine has no address ${(error as Error & { address?: string }).address}: correct HOST.`;
  return undefined;
}

/** Errors of opening the SQLite file or creating its folder, which the operator's settings cause. */
const SQLITE_FILE_CODES = new Set([
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOTDIR',
  'EEXIST',
  'ENOENT',
]);

/**
 * Ends the process for an error: its operator message alone when it has one, the stack trace otherwise (a bug).
 * Exit code 1 either way.
 */
export function exitWithError(error: unknown, database?: DatabaseConfig): never {
  const message = operatorMessage(error, database);
  console.error(message ?? (error instanceof Error ? (error.stack ?? error.message) : error));
  process.exit(1);
}
