// Vitest setup for the web app: DOM matchers, and a clean DOM, session and mocks between tests. The web project runs
// its files in one module graph per worker (isolate: false), so every piece of module state a test can change is
// put back here after each test: a file must pass whichever files ran before it in the same worker.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { resetEarlyLeads } from '../features/leads/api/early-leads';
import { setLanguage } from '../i18n/runtime';
import { resetAppUpdate } from '../lib/app-update';
import { resetBusy } from '../lib/busy';
import { reportReachable } from '../lib/connection';
import { setNavigator } from '../lib/navigation';
import { resetNotify } from '../lib/notify';
import { resetSession } from '../lib/session';

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

afterEach(async () => {
  cleanup();
  // With no container mounted this empties the toast library's queue, which would hand old toasts to the next one.
  toast.dismiss();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  resetSession();
  await setLanguage('en');
  resetBusy();
  reportReachable(true);
  resetAppUpdate();
  resetNotify();
  resetEarlyLeads();
  setNavigator((to) => window.location.assign(to));
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  window.history.replaceState(null, '', '/');
});
