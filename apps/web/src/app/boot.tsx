// Mounts the app; main.tsx loads this (React, the router, the screens) after starting the lead list's request.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

/**
 * The first render is a transition: React renders it in slices of a few milliseconds and yields between them, so a slow
 * phone's main thread is never blocked for long while the app starts (docs/performance-budgets.md, TBT).
 */
export function mountApp(container: HTMLElement): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
