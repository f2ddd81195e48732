// scripts/dev.mjs's runner: a signal to it stops every process its commands started, grandchildren included
// (npm → sh → tsx/vite in `npm run dev`), so nothing keeps a port after Ctrl-C or a supervisor's SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../scripts/run-together.mjs',
);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('run-together (npm run dev)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-dev-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the grandchildren of both commands on %s',
    async (signal) => {
      const pidFiles = ['a', 'b'].map((name) => path.join(dir, `${signal}-${name}.pid`));
      // Each command is a shell that starts a long-running grandchild and waits, like npm → sh → tsx.
      const runner = spawn(
        process.execPath,
        [script, ...pidFiles.map((file) => `sleep 600 & echo $! > ${file}; wait`)],
        { stdio: 'ignore' },
      );
      const exited = new Promise<number | null>((resolve) => runner.on('exit', resolve));
      await until(() =>
        pidFiles.every((file) => existsSync(file) && readFileSync(file, 'utf8').trim() !== ''),
      );
      const pids = pidFiles.map((file) => Number(readFileSync(file, 'utf8').trim()));
      expect(pids.every(alive)).toBe(true);
      runner.kill(signal);
      expect(await exited).toBe(0);
      await until(() => !pids.some(alive));
      expect(pids.some(alive)).toBe(false);
    },
  );
});
