// `npm run dev`: the API with reload on :3000 and Vite on :5173 (proxying /api), stopped together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@dealerleads/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@dealerleads/web'], { stdio: 'inherit' }),
];

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
