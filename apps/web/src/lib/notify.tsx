// Toasts: `notify.*` from anywhere; the toast library and its container (toast-host.tsx) load with the first toast, outside the first download.
import { useSyncExternalStore } from 'react';
import type { TypeOptions } from 'react-toastify';

/** The toast host (react-toastify and its container), imported once, with the first toast. */
export const loadToastHost = () => import('./toast-host');

let containerWanted = false;
const listeners = new Set<() => void>();

function wantContainer() {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

/** True once any toast was asked for: the app then mounts the (lazy) toast host. */
export function useToastContainerWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => containerWanted,
    () => false,
  );
}

export interface ToastRequest {
  type: TypeOptions;
  message: string;
  title?: string;
}

/*
 * Toasts wait here until the toast host says its container is mounted for good. react-toastify has a
 * queue of its own, but it empties it into the first container that subscribes, and StrictMode (every
 * `npm run dev` page) unmounts that first subscription at once, dropping the toast with it: the first
 * toast after a page load ('You shall not pass!', 'Invalid lead ID', a failed login) was lost.
 */
let hostReady = false;
let waiting: ToastRequest[] = [];

function showNow(request: ToastRequest) {
  loadToastHost().then(
    ({ showToast }) => showToast(request),
    // Without its chunk (offline) the toast is lost, not the page.
    () => undefined,
  );
}

/** The toast host's signal: `true` once its container has settled, `false` when it goes away. */
export function setToastHostReady(ready: boolean): void {
  hostReady = ready;
  if (!ready) return;
  const queued = waiting;
  waiting = [];
  for (const request of queued) showNow(request);
}

/** Tests: no toast asked for yet, none waiting for a host. */
export function resetNotify(): void {
  containerWanted = false;
  hostReady = false;
  waiting = [];
}

function show(type: TypeOptions, message: string, title?: string) {
  wantContainer();
  const request = { type, message, title };
  if (hostReady) showNow(request);
  else waiting.push(request);
}

export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  info: (message: string, title?: string) => show('info', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  error: (message: string, title?: string) => show('error', message, title),
};
