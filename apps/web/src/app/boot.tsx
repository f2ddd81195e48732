// Mounts the app; main.tsx loads this (React, the router, the screens) after starting the lead list's request.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

export function mountApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
