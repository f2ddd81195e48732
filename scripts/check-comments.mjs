// Fails when a source comment carries measurements or history (req/s, p99, timings, dates, "before → after"):
// comments say why the code is as it is, and figures go to bench/results and docs/decisions, where they stay dated.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** What a comment may not hold, each with the reason printed beside a hit. */
export const FORBIDDEN = [
  { pattern: /\d[\d,.]*\s?(?:req)?\/s\b/, reason: 'a throughput figure (… req/s)' },
  {
    pattern: /\bp(?:50|75|9\d|97\.5|99\.9)\s?(?:of\s)?[≈~]?\s?\d/,
    reason: 'a percentile figure (p99 …)',
  },
  { pattern: /\d\s?(?:µs|us)\b/, reason: 'a timing in microseconds' },
  { pattern: /\d\s?ms\s?\)/, reason: 'a measured timing in parentheses (… ms)' },
  // A date names a moment in history; a quoted one is an example value and a migration's name goes on with -NNNN.
  { pattern: /(?<!['"`\d-])20\d\d-[01]\d-[0-3]\d(?![\d'"`-])/, reason: 'a date' },
  {
    pattern: /\b(?:at|since|until|before|after|of)\s[0-2]\d:[0-5]\d\s?UTC\b/i,
    reason: 'a time of a run',
  },
  {
    pattern:
      /(?:\d+\.\d+|\d{1,3},\d{3}|\d{3,}|\d+\s?(?:ms|s|µs|%|[KMG]i?B))\s*(?:→|->)\s*[≈~]?\s?\d/,
    reason: 'a "before → after" figure',
  },
];

const SCANNED_DIRS = ['apps', 'packages', 'bench', 'scripts', 'e2e', 'eslint-rules'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'results',
  'test-results',
  'playwright-report',
]);
const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Every comment of a source text, with its line number (parsed, so `//` inside strings or regexes is not one). */
export function commentsOf(text, fileName = 'file.ts') {
  const kind = /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map();
  // JSX text is the page's text, not trivia, though a node starting where it starts would read it as a comment.
  const jsxTexts = [];
  const inJsxText = (pos) => jsxTexts.some(([start, end]) => pos >= start && pos < end);
  const collect = (ranges) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos) || inJsxText(range.pos)) continue;
      seen.set(range.pos, {
        line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
        text: text.slice(range.pos, range.end),
      });
    }
  };
  const findJsxTexts = (node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxTexts.push([node.pos, node.end]);
    node.forEachChild(findJsxTexts);
  };
  findJsxTexts(source);
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

/** The comments of a source text that break a rule of FORBIDDEN, one entry per comment line. */
export function problemsOf(text, fileName) {
  const problems = [];
  for (const comment of commentsOf(text, fileName)) {
    comment.text.split('\n').forEach((lineText, i) => {
      const broken = FORBIDDEN.find(({ pattern }) => pattern.test(lineText));
      if (broken)
        problems.push({ line: comment.line + i, reason: broken.reason, text: lineText.trim() });
    });
  }
  return problems;
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path.join(dir, entry.name));
    }
  }
  return files;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const rootFiles = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(root, entry.name));
  const files = [...rootFiles, ...SCANNED_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))];
  let count = 0;
  for (const file of files) {
    for (const problem of problemsOf(fs.readFileSync(file, 'utf8'), file)) {
      count += 1;
      console.error(
        `${path.relative(root, file)}:${problem.line}  ${problem.reason}: ${problem.text}`,
      );
    }
  }
  if (count > 0) {
    console.error(
      `\n${count} comment line(s) hold figures or history: say why in the comment, and put measurements in ` +
        'bench/results/ and history in docs/decisions/.',
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
