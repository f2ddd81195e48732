// Web budgets: Lighthouse (mobile) on the lead list; the built JavaScript's sizes are in web-size.ts.
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

export interface LighthouseRun {
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  score: number | null;
  /** Scripts the page asked for before its first paint: what the lead list needs to show anything. */
  scripts: string[];
  /** Scripts asked for after it (lazy chunks: the shell's extras, then what loads once the page is idle). */
  laterScripts: string[];
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
  /** Every run's scripts before the first paint, and those only asked for after it in every run. */
  scripts: string[];
  laterScripts: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface NetworkItem {
  url?: string;
  resourceType?: string;
  /** When the page asked for it, ms after the navigation began. */
  rendererStartTime?: number;
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
      const observed = (
        lhr.audits.metrics?.details as { items?: { observedFirstPaint?: number }[] } | undefined
      )?.items?.[0]?.observedFirstPaint;
      if (observed === undefined) throw new Error('Lighthouse did not observe the first paint');
      const scripts = (details?.items ?? []).filter(
        (item) => item.resourceType === 'Script' && item.url,
      );
      const before = (item: NetworkItem) => (item.rendererStartTime ?? Infinity) <= observed;
      results.push({
        lcp: Math.round(metric('largest-contentful-paint')),
        tbt: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        fcp: Math.round(metric('first-contentful-paint')),
        score: lhr.categories.performance?.score ?? null,
        scripts: scripts.filter(before).map((item) => item.url!),
        laterScripts: scripts.filter((item) => !before(item)).map((item) => item.url!),
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
    laterScripts: [...new Set(results.flatMap((r) => r.laterScripts))].filter(
      (url) => !results.some((r) => r.scripts.includes(url)),
    ),
  };
}
