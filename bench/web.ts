// Web budgets: gzip size of the built JavaScript (entry and the lead-list route) and Lighthouse (mobile) on the lead list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { trackPid, untrackPid } from './processes';

export const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface WebJavaScript {
  chunks: ChunkSize[];
  /** The entry script of index.html and everything it imports statically. */
  entry: { files: string[]; gzip: number };
  /** What the lead-list route loads; from Lighthouse's network log when it ran, else the entry. */
  route: { files: string[]; gzip: number; source: string };
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
export { kib };

/** `./x.js` imports of a chunk: static (import/export … from, side-effect imports) and dynamic. */
function importsOf(code: string): { statics: string[]; dynamics: string[] } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  const file = String.raw`\.\/([\w.~-]+\.js)`;
  for (const m of code.matchAll(
    new RegExp(String.raw`\bimport\s*(?:[^"'\`();]*?\bfrom\s*)?["'\`]${file}["'\`]`, 'g'),
  ))
    statics.add(m[1]!);
  for (const m of code.matchAll(
    new RegExp(String.raw`\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'\`]${file}["'\`]`, 'g'),
  ))
    statics.add(m[1]!);
  for (const m of code.matchAll(new RegExp(String.raw`\bimport\(\s*["'\`]${file}["'\`]\s*\)`, 'g')))
    dynamics.add(m[1]!);
  return { statics: [...statics], dynamics: [...dynamics] };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** Gzip sizes of apps/web/dist/assets/*.js, the entry's static closure and the lead-list route's chunks. */
export function measureJavaScript(webDist: string): WebJavaScript {
  const assets = path.join(webDist, 'assets');
  const chunks: ChunkSize[] = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(path.join(assets, file));
      return { file, bytes: code.length, gzip: gzipSync(code).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sizeOf = new Map(chunks.map((c) => [c.file, c.gzip]));
  const total = (files: Iterable<string>) =>
    [...files].reduce((s, f) => s + (sizeOf.get(f) ?? 0), 0);

  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const closure = (keys: string[]) => {
      const seen = new Set<string>();
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || seen.has(key)) return;
        seen.add(key);
        files.add(path.basename(chunk.file));
        for (const k of chunk.imports ?? []) visit(k);
      };
      keys.forEach(visit);
      return files;
    };
    const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
    const routeKeys = Object.keys(manifest).filter(
      (k) => manifest[k]!.isDynamicEntry && /lead-list|leads-page|lead-list-page/i.test(k),
    );
    const entry = closure(entryKeys);
    const route = closure([...entryKeys, ...routeKeys]);
    return {
      chunks,
      entry: { files: [...entry], gzip: total(entry) },
      route: { files: [...route], gzip: total(route), source: 'Vite manifest' },
    };
  }

  // No manifest: follow the static imports from the script tag of index.html (plus modulepreload links).
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(
      /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="[^"]*\/([^/"]+\.js)"/g,
    ),
  ].map((m) => m[1]!);
  const entry = new Set<string>();
  const visit = (file: string) => {
    if (entry.has(file) || !sizeOf.has(file)) return;
    entry.add(file);
    for (const f of importsOf(readFileSync(path.join(assets, file), 'utf8')).statics) visit(f);
  };
  roots.forEach(visit);
  return {
    chunks,
    entry: { files: [...entry], gzip: total(entry) },
    route: {
      files: [...entry],
      gzip: total(entry),
      source: 'static imports of the entry (no Vite manifest; lazy chunks not counted)',
    },
  };
}

/** Scripts of the web build among the URLs a page requested. */
export function routeFromRequests(js: WebJavaScript, urls: string[]): WebJavaScript['route'] {
  const sizes = new Set(js.chunks.map((c) => c.file));
  const files = [...new Set(urls.map((u) => path.basename(new URL(u).pathname)))].filter((f) =>
    sizes.has(f),
  );
  const gzip = js.chunks.filter((c) => files.includes(c.file)).reduce((s, c) => s + c.gzip, 0);
  return { files, gzip, source: 'scripts Lighthouse saw the page load' };
}

export interface LighthouseRun {
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  score: number | null;
  scripts: string[];
  warnings: string[];
  /** What Lighthouse found as the largest paint (an HTML snippet), to tell a photo from text. */
  lcpElement: string;
}

export interface LighthouseSummary {
  url: string;
  runs: LighthouseRun[];
  /** Medians over the runs. */
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  score: number | null;
  scripts: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface NetworkItem {
  url?: string;
  resourceType?: string;
}

/** The first HTML snippet anywhere in an audit's details (Lighthouse nests the LCP element in a list of tables). */
function snippetOf(details: unknown): string {
  if (details === null || typeof details !== 'object') return '';
  if ('snippet' in details && typeof details.snippet === 'string') return details.snippet;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(snippetOf).find(Boolean) : snippetOf(value);
    if (found) return found;
  }
  return '';
}

/** Lighthouse, default (mobile) config, performance only, `runs` times in one headless Chromium. */
export async function runLighthouse(url: string, runs: number): Promise<LighthouseSummary> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  trackPid(chrome.pid);
  const results: LighthouseRun[] = [];
  try {
    let failures = 0;
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      const problem = !lhr ? 'no result' : lhr.runtimeError ? lhr.runtimeError.code : undefined;
      if (problem || !lhr) {
        // NO_FCP and friends happen now and then in headless Chromium: retry twice before giving up.
        if (++failures > 2) throw new Error(`${problem} (${lhr?.runtimeError?.message ?? ''})`);
        console.warn(`  Lighthouse run failed (${problem}), retrying`);
        i--;
        continue;
      }
      const metric = (id: string) => {
        const value = lhr.audits[id]?.numericValue;
        if (value === undefined) throw new Error(`Lighthouse did not measure ${id}`);
        return value;
      };
      const details = lhr.audits['network-requests']?.details as
        { items?: NetworkItem[] } | undefined;
      const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details;
      results.push({
        lcp: Math.round(metric('largest-contentful-paint')),
        tbt: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        fcp: Math.round(metric('first-contentful-paint')),
        score: lhr.categories.performance?.score ?? null,
        scripts: (details?.items ?? [])
          .filter((item) => item.resourceType === 'Script' && item.url)
          .map((item) => item.url!),
        warnings: lhr.runWarnings.map(String),
        lcpElement: snippetOf(lcpDetails),
      });
    }
  } finally {
    await chrome.kill();
    untrackPid(chrome.pid);
  }
  const scores = results.map((r) => r.score).filter((s): s is number => s !== null);
  return {
    url,
    runs: results,
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    cls: median(results.map((r) => r.cls)),
    fcp: median(results.map((r) => r.fcp)),
    score: scores.length ? median(scores) : null,
    scripts: [...new Set(results.flatMap((r) => r.scripts))],
  };
}
