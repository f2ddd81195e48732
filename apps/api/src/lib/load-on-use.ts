// Packages that only some configurations need (PostgreSQL, Redis, image processing), loaded the first time they are
// used: a process that never needs one neither parses it at start nor holds it in memory. They are CommonJS packages,
// so they load synchronously and their callers stay as they are.
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/** A getter of the package `name`'s exports, required at its first call. */
export function loadOnUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
