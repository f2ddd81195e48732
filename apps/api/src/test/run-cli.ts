// Runs one of the API's command-line tools the way an operator does (`node --import tsx apps/api/src/db/<tool>-cli.ts
// …`, from the repository root), with only PATH and the given environment: its exit code and everything it printed.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The operator's tools: the server itself, and the command-line tools under src/db. */
export type Tool = 'backup' | 'restore' | 'seed' | 'migrate' | 'create-admin' | 'server';

export function runCli(
  tool: Tool,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const entry = tool === 'server' ? 'apps/api/src/server.ts' : `apps/api/src/db/${tool}-cli.ts`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * What a batch tool's summary line says of where it ran (background-job.ts): the lowest priority, and the idle policy
 * where util-linux's chrt is there to set it (Debian always has it).
 */
export const BACKGROUND_PRIORITY_TEXT =
  spawnSync('chrt', ['--version']).status === 0
    ? 'CPU priority 19, idle policy'
    : 'CPU priority 19';
