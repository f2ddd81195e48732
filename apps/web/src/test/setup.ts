// Vitest setup for the web app: DOM matchers, and a clean DOM, session and mocks between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearCurrentUser } from '../lib/session';

// jsdom has no matchMedia; react-bootstrap's Offcanvas asks it for the breakpoint.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// findBy*/waitFor wait up to 5 s (default 1 s): on a loaded 2-core machine a screen that renders its cards in
// batches can take longer than a second, and a wait that times out early is a false failure, not a finding.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  clearCurrentUser();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
