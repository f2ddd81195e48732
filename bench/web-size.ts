// The web build's JavaScript: gzip size of every chunk, of the entry with its static imports (the lead list's first
// download) and of the lead-list route. No browser needed: the e2e lane checks the budget on the build it tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The lead list's first download, gzip (docs/performance-budgets.md). */
export const FIRST_DOWNLOAD_BUDGET = 120 * 1024;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface WebJavaScript {
  chunks: ChunkSize[];
  /** The entry script of index.html and everything it imports statically. */
  entry: { files: string[]; gzip: number };
  /**
   * What the lead-list route loads before its first paint (the budget); from Lighthouse's network log when it ran,
   * else the entry.
   */
  route: { files: string[]; gzip: number; source: string };
  /** What it fetches after that (lazy chunks); known only when Lighthouse ran. */
  later?: { files: string[]; gzip: number; source: string };
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
export function routeFromRequests(
  js: WebJavaScript,
  urls: string[],
  source: string,
): WebJavaScript['route'] {
  const sizes = new Set(js.chunks.map((c) => c.file));
  const files = [...new Set(urls.map((u) => path.basename(new URL(u).pathname)))].filter((f) =>
    sizes.has(f),
  );
  const gzip = js.chunks.filter((c) => files.includes(c.file)).reduce((s, c) => s + c.gzip, 0);
  return { files, gzip, source };
}
