// argon2id password hashing with OWASP's recommended cost (19 MiB, 2 passes).
import { hash, verify } from '@node-rs/argon2';

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
