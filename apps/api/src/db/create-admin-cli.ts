// `npm run create-admin -- --user-name <name>`: the first Admin of a database that has none (a fresh PostgreSQL
// database gets no demo accounts), checked by the same rules as a sign-up.
import { parseArgs } from 'node:util';
import { emailField, password as passwordField, userNameField } from '@dealerleads/shared';
import { loadDatabaseSettings } from '../config';
import { findUserByName, insertUser } from '../modules/members/members.repository';
import { hashPassword } from '../modules/members/passwords';
import { exitWithError, helpIfAsked, OperatorError } from './command-line';
import { dbBool, openDatabase } from './database';
import { migrateToLatest } from './migrate';

const USAGE = `
Usage: ADMIN_PASSWORD=<password> npm run create-admin -- --user-name <name> [--name <full name>] [--email <address>]

Creates an Admin who can log in, on the configured database (DATABASE_URL, or the SQLite file in DATA_DIR),
migrating it first. The user name and password follow the sign-up rules (no spaces; 8 to 64 characters).

  --user-name <name>    or ADMIN_USER_NAME
  --password <secret>   or ADMIN_PASSWORD (preferred: a flag shows in the process list and the shell history)
  --name <full name>    or ADMIN_NAME; default: the user name
  --email <address>     or ADMIN_EMAIL; default: none given (admin@example.invalid)
`;
helpIfAsked(USAGE);

/** The first problem zod found, as one line. */
function problem(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

let settings: ReturnType<typeof loadDatabaseSettings> | undefined;
try {
  const { values } = (() => {
    try {
      return parseArgs({
        options: {
          'user-name': { type: 'string' },
          password: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string' },
        },
      });
    } catch (error) {
      throw new OperatorError(
        `${error instanceof Error ? error.message : String(error)}\n${USAGE.trim()}`,
      );
    }
  })();
  const userName = values['user-name'] ?? process.env.ADMIN_USER_NAME;
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  if (!userName || !password) {
    throw new OperatorError(`Give the user name and the password.\n${USAGE.trim()}`);
  }
  const email = values.email ?? process.env.ADMIN_EMAIL;
  const invalid =
    problem(userNameField.safeParse(userName)) ??
    problem(passwordField().safeParse(password)) ??
    (email === undefined ? undefined : problem(emailField.safeParse(email)));
  if (invalid) throw new OperatorError(invalid);

  settings = loadDatabaseSettings();
  const handle = openDatabase(settings.database);
  try {
    await migrateToLatest(handle.db, handle.engine, handle.schema);
    if (await findUserByName(handle.db, userName)) {
      throw new OperatorError(`The user name ${userName} is taken: choose another`);
    }
    const user = await insertUser(handle.db, {
      user_name: userName,
      name: values.name ?? process.env.ADMIN_NAME ?? userName,
      email: email ?? 'admin@example.invalid',
      phone: null,
      city: 'Not given',
      pincode: null,
      state: 'Not given',
      role: 'Admin',
      password_hash: await hashPassword(password),
      status: dbBool(true),
      created_on: new Date().toISOString(),
    });
    console.log(
      `Created the Admin ${user.user_name} (id ${user.id}): log in with that user name and password.`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error, settings?.database);
}
