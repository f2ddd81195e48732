// Registers the service worker (the production build's /sw.js, see vite.config.ts) and offers a waiting new version.
import { Workbox } from 'workbox-window';
import { offerUpdate } from './app-update';

export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox(SERVICE_WORKER_URL);
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      // The page reloads once the new worker controls it, so every chunk comes from the same version.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register();
}

/** The active registration, for the push subscription; undefined without a service worker. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.ready;
}
