// The comment check (check-comments.mjs): each kind of figure or history it must refuse, what it must let through, and
// that only comments are read. Run by `npm run lint` with node's own test runner.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commentsOf, problemsOf } from './check-comments.mjs';

const refused = [
  '// a page of 60 leads took 2,660 req/s where the defaults took 2,190',
  '// 1,381/s by 32 dealers',
  '/** lists read through the import at p99 51–70 ms */',
  '// One small prepared statement, ≈ 2 µs.',
  '// each read is one short synchronous step on SQLite (~10 ms), then requests get a turn',
  '// measured on 2026-11-27: faster',
  '// the runs at 16:08 UTC',
  '// with price and kilometre bands: ~4 ms -> ~0.8 ms per walk',
  '// random mixes 0.273 → 0.287 of the ceiling',
  '/*\n * unlocks after a storm 682 → 972 per second\n */',
];

const allowed = [
  '// Verified tokens are remembered by their text, so a call skips the decoding and the HMAC.',
  '// migration 2026-11-25-0701 notifies member_changes',
  "/** '2026-11-22' + 8 → '2026-11-30' (the API's end-date rule). */",
  '// 20:00 UTC is already the next day in India.',
  '// One digit ten times, or a run going up or down by one each digit (wrapping 9→0).',
  '// prints req/s, latency percentiles (p50 / p95 / max) against the budget',
  '// A request waits 50 ms for a catch-up before SQL answers it instead.',
];

test('refuses figures, dates and before → after in comments', () => {
  for (const comment of refused) {
    assert.notEqual(problemsOf(`${comment}\nexport const x = 1;\n`, 'a.ts').length, 0, comment);
  }
});

test('lets comments that say why through', () => {
  for (const comment of allowed) {
    assert.deepEqual(problemsOf(`${comment}\nexport const x = 1;\n`, 'a.ts'), [], comment);
  }
});

test('reads comments only: strings, templates, regexes and JSX text are code', () => {
  const source = [
    "const a = '// 2,660 req/s on 2026-11-27';",
    'const b = `/* p99 51 ms */ ${a}`;',
    'const c = /\\/\\/ 2 µs/;',
    'export const d = <p>// p99 40 ms</p>;',
    '// the why, in a sentence',
  ].join('\n');
  assert.deepEqual(problemsOf(source, 'a.tsx'), []);
  assert.deepEqual(
    commentsOf(source, 'a.tsx').map((comment) => comment.text),
    ['// the why, in a sentence'],
  );
});

test('reports the line of a comment spanning several', () => {
  const source = 'export const x = 1;\n/**\n * why\n * took 40 ms)\n */\nexport const y = 2;\n';
  assert.deepEqual(
    problemsOf(source, 'a.ts').map((problem) => problem.line),
    [4],
  );
});
