// Child processes of the benchmark: started here, logged to files, and always stopped (also on Ctrl-C or a crash).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set<ChildProcess>();
/** Other processes to kill on exit (e.g. Chromium, started by chrome-launcher). */
const extraPids = new Set<number>();

function killNow(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

let handlersInstalled = false;

/** Stops every child on exit, Ctrl-C, SIGTERM and uncaught errors. */
export function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    for (const child of running) killNow(child);
    for (const pid of extraPids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the benchmark's processes`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

export function trackPid(pid: number | undefined): void {
  if (pid !== undefined) extraPids.add(pid);
}

export function untrackPid(pid: number | undefined): void {
  if (pid !== undefined) extraPids.delete(pid);
}

/** Ends one child: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => killNow(child), graceMs);
  await exited;
  clearTimeout(timer);
  running.delete(child);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

/** Runs a command to completion with the terminal attached; rejects on a non-zero exit. */
export async function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const child = spawn(command, args, { stdio: 'inherit', env });
  running.add(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  running.delete(child);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

/** One way to find a free port, shared with the reliability tests' server processes. */
export { freePort } from '../apps/api/src/reliability/server-process';

export interface Service {
  name: string;
  child: ChildProcess;
  url: string;
  logFile: string;
  /** The last lines the process wrote, for error messages. */
  tail(): string;
}

/** Starts a long-running child whose output goes to `logFile`. */
export function startService(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  logFile: string,
): Service {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  running.add(child);
  const recent: string[] = [];
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    recent.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (recent.length > 40) recent.splice(0, recent.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => {
    running.delete(child);
    log.end();
  });
  return { name, child, url, logFile, tail: () => recent.join('\n') };
}

/** Polls `path` until it answers 200; fails when the process exits or `timeoutMs` passes. */
export async function waitForHttp(
  service: Service,
  path: string,
  timeoutMs: number,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new Error(
        `${service.name} exited (${service.child.exitCode ?? service.child.signalCode}) before answering:\n${service.tail()}`,
      );
    }
    try {
      const response = await fetch(service.url + path, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${service.name} did not answer ${path} within ${timeoutMs / 1000} s:\n${service.tail()}`,
      );
    }
    await sleep(200);
  }
}
