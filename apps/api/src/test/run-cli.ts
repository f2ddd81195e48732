// Runs one of the API's command-line tools the way an operator does (`node --import tsx apps/api/src/db/<tool>-cli.ts
// …`, from the repository root), with only PATH and the given environment: its exit code and everything it printed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function runCli(
  tool: 'backup' | 'restore' | 'seed',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `apps/api/src/db/${tool}-cli.ts`, ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
