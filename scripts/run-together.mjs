// Runs several commands as one: each in its own process group, so a signal to this process (Ctrl-C, SIGTERM from a
// supervisor) reaches every process they started, npm's and sh's children included, and none is left running.
// `node scripts/run-together.mjs <command> <command> …` runs shell command lines; scripts/dev.mjs imports it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** How long stopped children get to exit before their groups are killed outright. */
const GRACE_MS = 5000;

/** @param {{ command: string, args?: string[], shell?: boolean }[]} commands */
export function runTogether(commands) {
  const children = commands.map(({ command, args = [], shell = false }) =>
    spawn(command, args, { stdio: 'inherit', detached: true, shell }),
  );
  let stopping = false;

  /** Signals each command's process group; a group outlives its leader while a grandchild is left in it. */
  const signalGroups = (signal) => {
    for (const child of children) {
      if (child.pid === undefined) continue;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    }
  };

  const stop = (code, signal = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    signalGroups(signal);
    setTimeout(() => signalGroups('SIGKILL'), GRACE_MS).unref();
  };

  let running = children.length;
  for (const child of children) {
    child.on('exit', (code) => {
      running -= 1;
      // One of them ended on its own (a crash, a port in use): stop the others too.
      stop(code ?? 0);
      if (running === 0) {
        // Whatever is left in the groups (a background job that ignores SIGINT) goes with them.
        signalGroups('SIGTERM');
        process.exit(process.exitCode ?? 0);
      }
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => stop(0, signal === 'SIGHUP' ? 'SIGTERM' : signal));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runTogether(process.argv.slice(2).map((line) => ({ command: line, shell: true })));
}
