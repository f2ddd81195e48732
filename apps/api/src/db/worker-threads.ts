// The API's own worker threads: a module bundled next to the server (an entry of apps/api/build.mjs), or from source
// its TypeScript file, started the same way wherever the caller runs.
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker module `name` that sits next to the module at `callerUrl` (its import.meta.url). Built, that is
 * the bundle's `dist/<name>.js`; from source (tsx, vitest) the TypeScript file, with tsx's loader registered in the
 * thread first: a worker thread does not inherit its parent's module hooks.
 */
export function startWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  if (callerUrl.endsWith('.ts')) {
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const file = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
    const bootstrap = `import(${tsx}).then(({ register }) => { register(); return import(${file}); });`;
    return new Worker(bootstrap, { eval: true, workerData });
  }
  return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
}
