// `npm run dev`: the API with reload on PORT (3000) and Vite on :5173 (proxying /api to PORT), started and stopped together.
import { runTogether } from './run-together.mjs';

runTogether([
  { command: 'npm', args: ['run', 'dev', '-w', '@dealerleads/api'] },
  { command: 'npm', args: ['run', 'dev', '-w', '@dealerleads/web'] },
]);
