// The first script's preload of the other screens' routes: the files index.html names, as module preloads.
import { afterEach, describe, expect, it } from 'vitest';
import { preloadScreenRoutes, SCREEN_ROUTES_META } from './preload-screen-routes';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
  ]);

afterEach(() => {
  document.head
    .querySelectorAll(`meta[name="${SCREEN_ROUTES_META}"], link`)
    .forEach((e) => e.remove());
});

describe('preloadScreenRoutes', () => {
  it('preloads every file index.html names, as the module scripts are fetched', () => {
    const meta = document.createElement('meta');
    meta.name = SCREEN_ROUTES_META;
    meta.content = '/assets/screen-routes-a1.js /assets/shell-b2.js';
    document.head.append(meta);
    preloadScreenRoutes();
    expect(preloads()).toEqual([
      ['/assets/screen-routes-a1.js', ''],
      ['/assets/shell-b2.js', ''],
    ]);
  });

  it('does nothing without the meta tag (the development server)', () => {
    preloadScreenRoutes();
    expect(preloads()).toEqual([]);
  });
});
