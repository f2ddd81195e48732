// argon2id password hashing with OWASP's recommended cost (19 MiB, 2 passes).
import { hash, verify } from '@node-rs/argon2';
import { apiMessages } from '@dealerleads/shared';
import { ConcurrencyGate, GateFullError } from '../../lib/gate';
import { HttpError } from '../../plugins/errors';

const options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of a random string, checked when the user name is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('not-a-real-password-0123456789');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** Hashing and verifying through one bounded gate, so a flood of logins cannot take every core from other requests. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string | undefined, password: string): Promise<boolean>;
  /** argon2 runs started through this hasher (tests read it to prove a refusal came before any hashing). */
  readonly runs: number;
  readonly gate: ConcurrencyGate;
}

/**
 * At most `concurrency` argon2 runs at once and `queue` more waiting; past that the request is answered 503 at
 * once instead of queueing without bound (docs/hardening.md, "Login floods").
 */
export function createPasswordHasher(limits: {
  concurrency: number;
  queue: number;
}): PasswordHasher {
  const gate = new ConcurrencyGate(limits.concurrency, limits.queue);
  let runs = 0;
  const guarded = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await gate.run(() => {
        runs += 1;
        return task();
      });
    } catch (error) {
      if (error instanceof GateFullError) throw new HttpError(503, apiMessages.serverBusy);
      throw error;
    }
  };
  return {
    hash: (password) => guarded(() => hashPassword(password)),
    verify: (storedHash, password) => guarded(() => verifyPassword(storedHash, password)),
    get runs() {
      return runs;
    },
    gate,
  };
}
