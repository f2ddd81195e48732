// Every screen but the lead list needs the other screens' routes (screen-routes.ts, a lazy chunk) before its own
// chunk. index.html names their files (earlyEntry in vite.config.ts), and the first script preloads them when the page
// opened is another screen: they download alongside the app instead of after it, and the lead list does without.

/** The name of index.html's meta tag whose content is the files' URLs, separated by spaces. */
export const SCREEN_ROUTES_META = 'screen-routes';

export function preloadScreenRoutes(): void {
  const urls = document.querySelector<HTMLMetaElement>(
    `meta[name="${SCREEN_ROUTES_META}"]`,
  )?.content;
  for (const url of urls?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As the module scripts themselves are fetched, so the browser uses what it preloaded.
    link.crossOrigin = '';
    link.href = url;
    document.head.append(link);
  }
}
