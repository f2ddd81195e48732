// Vitest setup for the web app: DOM matchers, and a clean DOM, session and mocks between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

afterEach(() => {
  cleanup();
  clearCurrentUser();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
