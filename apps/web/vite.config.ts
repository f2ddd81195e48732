// Vite: React, the /api proxy to the API (on PORT) in development, and a production build served by the API
// with a Brotli and a gzip copy of every text file beside it (the API serves them pre-compressed), whose
// index.html preloads the app that the small entry script imports (see src/main.tsx).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { apiProxyTarget } from './vite-plugins/api-proxy';
import { bootstrapSubset } from './vite-plugins/bootstrap-subset';
import { unusedComponents } from './vite-plugins/unused-components';
import { OFFLINE_READ_PATHS, OFFLINE_READS_CACHE } from './src/lib/offline-reads';
import { SCREEN_ROUTES_META } from './src/app/preload-screen-routes';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; fonts (woff2 is Brotli already), images and maps are left alone. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|ico)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` next to every compressible file of the build (kept only when smaller). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dealerleads:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * index.html's entry script starts early work (the lead list's request, src/main.tsx), then imports
 * `module`, the app, dynamically. Three changes to index.html let that work start as early as it can:
 * - the entry script is `async`: a module script otherwise waits for the stylesheets and the end of
 *   parsing before it runs;
 * - the chunks `module` needs and their CSS are listed (modulepreload and stylesheet links), so they
 *   download alongside the entry instead of once it has run;
 * - the chunks `later` needs beyond those are named in a meta tag, for the entry to preload on the pages that need
 *   them (src/app/preload-screen-routes.ts): a link would fetch them on every page.
 */
function earlyEntry(module: string, later: string): Plugin {
  let base = '/';
  return {
    name: 'dealerleads:early-entry',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const chunkOf = (id: string) =>
          chunks.find((chunk) => chunk.facadeModuleId?.split(path.sep).join('/').endsWith(id));
        const target = chunkOf(module);
        if (!target || !entry.dynamicImports.includes(target.fileName)) {
          throw new Error(`${module} is not imported dynamically by ${entry.fileName}`);
        }
        const afterwards = chunkOf(later);
        if (!afterwards) throw new Error(`${later} is not a chunk of its own`);
        // The entry's own static imports are preloaded by Vite already.
        const loaded = new Set<string>();
        const visit = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          chunk?.imports.forEach((next) => visit(next, into));
        };
        visit(entry.fileName, loaded);
        const wanted = new Set<string>();
        visit(target.fileName, wanted);
        const scripts = [...wanted].filter((fileName) => !loaded.has(fileName));
        const laterScripts = new Set<string>();
        visit(afterwards.fileName, laterScripts);
        const css = new Set(
          scripts.flatMap((fileName) => [
            ...(chunks.find((c) => c.fileName === fileName)?.viteMetadata?.importedCss ?? []),
          ]),
        );
        const tags: HtmlTagDescriptor[] = [
          ...scripts.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head' as const,
          })),
          ...[...css].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head' as const,
          })),
          {
            tag: 'meta',
            attrs: {
              name: SCREEN_ROUTES_META,
              content: [...laterScripts]
                .filter((fileName) => !loaded.has(fileName) && !wanted.has(fileName))
                .map((fileName) => `${base}${fileName}`)
                .join(' '),
            },
            // Before the entry script, which reads it as soon as it runs.
            injectTo: 'head-prepend' as const,
          },
        ];
        const entryTag = `<script type="module" crossorigin src="${base}${entry.fileName}"></script>`;
        if (!html.includes(entryTag)) throw new Error(`index.html has no ${entryTag}`);
        return {
          html: html.replace(entryTag, entryTag.replace(' crossorigin', ' async crossorigin')),
          tags,
        };
      },
    },
  };
}

/**
 * A lazy chunk's import lists the chunks to preload with it (`__vite__mapDeps`, avoiding a waterfall). Vite lists
 * every one, also those the importing chunk has loaded already with its own static imports (the entry, `vendor`…):
 * those are left out. The lists are code in the chunks, `boot` among them (bytes of the lead list's download).
 */
function preloadOnlyWhatIsMissing(): Plugin {
  let bundle: Rolldown.OutputBundle = {};
  const loaded = new Map<string, Set<string>>();
  /** The chunk and every chunk it imports statically, directly or not: loaded before its code runs. */
  const loadedWith = (fileName: string): Set<string> => {
    let files = loaded.get(fileName);
    if (!files) {
      const found = new Set<string>();
      const visit = (next: string) => {
        const chunk = bundle[next];
        if (found.has(next) || chunk?.type !== 'chunk') return;
        found.add(next);
        chunk.imports.forEach(visit);
      };
      visit(fileName);
      files = found;
      loaded.set(fileName, files);
    }
    return files;
  };
  return {
    name: 'dealerleads:preload-only-what-is-missing',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          // Every browser the app supports (Chrome, Edge, Firefox 115+, Safari 17+) has modulepreload: the polyfill
          // would only cost the first download (0.5 KiB gzip); an older browser still loads each chunk when imported.
          polyfill: false,
          resolveDependencies: (_file, deps, { hostId }) =>
            deps.filter((dep) => !loadedWith(hostId).has(dep)),
        },
      },
    }),
    // Before Vite's own generateBundle writes the lists (vite:build-import-analysis).
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loaded.clear();
      },
    },
  };
}

/**
 * React Router publishes a production build (dist/production: no development warnings) but its package exports name
 * only the development one, whatever the mode (remix-run/react-router#14102). The production build of the app
 * takes the production one: fewer bytes in the lead list's first download, and no warnings in the console.
 */
function reactRouterProductionBuild(): string {
  return path.join(packageDir('react-router'), 'dist/production/index.mjs');
}

/** A package's folder, found from its main file (not every package exports its package.json). */
function packageDir(name: string): string {
  const main = createRequire(import.meta.url).resolve(name);
  return (
    main.slice(0, main.lastIndexOf(`${path.sep}node_modules${path.sep}${name}${path.sep}`)) +
    `${path.sep}node_modules${path.sep}${name}`
  );
}

/**
 * Bootstrap's stylesheet keeps the rules of classes that the app's code or react-bootstrap (with @restart/ui, which it
 * builds on) can set. The stylesheet blocks the first paint, so every rule the app cannot use is a cost.
 */
const bootstrapCss = bootstrapSubset({
  stylesheet: /[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap\.min\.css$/,
  sources: [
    { dir: path.resolve(import.meta.dirname, 'src'), files: /\.tsx?$/ },
    { dir: path.resolve(import.meta.dirname, '../../packages/shared/src'), files: /\.ts$/ },
    { dir: import.meta.dirname, files: /^index\.html$/ },
  ],
  libraries: new Map(
    ['react-bootstrap', '@restart/ui'].map((name) => [name, packageDir(name)] as const),
  ),
});

/** App modules that `boot` and lazy screens import: formatting, the lead card's texts, catalogue labels, photo sizes. */
const SHARED_WITH_BOOT =
  /src[\\/](lib[\\/]format|features[\\/]leads[\\/]lead-format|catalogues[\\/]labels|photo-sizes)\.ts$/;
/** Libraries the app (boot) and the lazy screens share: one `vendor` chunk. */
const VENDOR =
  /node_modules[\\/](react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/;
/** Modules of those libraries that only lazy screens use. */
const LAZY_LIBRARY_MODULES =
  /[\\/]@tanstack[\\/].*[\\/](useMutation|mutationObserver|mutationOptions)\.js$/;

/**
 * The installable app (docs/offline-and-push.md): manifest, a service worker that precaches the shell and every chunk
 * (a lazy screen or the toast host still loads offline), index.html for navigations except API, media and asset
 * paths (a missing asset stays a 404), the lead list and My Leads from the network first and from the cache offline.
 */
/** A Workbox plugin marking answers served from the cache, so the app knows it is offline (lib/connection.ts). */
export function offlineCopyMark() {
  return {
    // Serialised into the service worker as source text: it may use only its arguments and globals (the header's
    // name is written out; status-banners.test.tsx checks it is OFFLINE_COPY_HEADER).
    cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
      if (!cachedResponse) return null;
      const headers = new Headers(cachedResponse.headers);
      headers.set('X-Offline-Copy', '1');
      return new Response(await cachedResponse.blob(), {
        status: cachedResponse.status,
        statusText: cachedResponse.statusText,
        headers,
      });
    },
  };
}

const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['icons/apple-touch-icon.png'],
  manifest: {
    name: 'DealerLeads',
    short_name: 'DealerLeads',
    description: 'Premium used-car leads for dealers in India',
    id: '/',
    start_url: '/dealers/leads',
    scope: '/',
    display: 'standalone',
    background_color: '#f8f9fa',
    theme_color: '#0d6efd',
    lang: 'en',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,png}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/assets\//, /\.[a-z0-9]+$/i],
    cleanupOutdatedCaches: true,
    importScripts: ['/push-handler.js'],
    runtimeCaching: [
      {
        urlPattern: new RegExp(`^[^?]*${OFFLINE_READ_PATHS.source.slice(1, -1)}(?:\\?|$)`),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: OFFLINE_READS_CACHE,
          expiration: { maxEntries: 40 },
          cacheableResponse: { statuses: [200] },
          plugins: [offlineCopyMark()],
        },
      },
    ],
  },
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    unusedComponents(),
    bootstrapCss,
    earlyEntry('src/app/boot.tsx', 'src/app/screen-routes.ts'),
    preloadOnlyWhatIsMissing(),
    VitePWA(pwaOptions),
    precompress(),
  ],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] }
      : {},
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiProxyTarget(), changeOrigin: false },
      '/media': { target: apiProxyTarget(), changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One stylesheet for the whole app (only the lead screens have a little CSS of their own): one
    // request fewer before the lead list can paint.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Few, large chunks for the first download (each request is a round trip on a slow phone
        // network): the entry's static imports go into the entry, and React DOM, the router and
        // TanStack Query into one `vendor` chunk the app (boot) and the lazy screens share.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // Small modules that `boot` and lazy screens share: one chunk rather than one each (fewer bytes of
            // headers and import/export lines).
            { name: 'shared', test: SHARED_WITH_BOOT, priority: 2 },
            {
              name: 'vendor',
              // TanStack Query's mutations serve only lazy screens (the lead list's unlock runs in a lazy
              // chunk): outside `vendor` they leave the first download.
              test: (id) => VENDOR.test(id) && !LAZY_LIBRARY_MODULES.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
