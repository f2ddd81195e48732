// A new version of the app waits (its service worker is installed): the update prompt offers to load it.
import { useSyncExternalStore } from 'react';

let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

/** The service worker's registration calls this with how to switch to the waiting version. */
export function offerUpdate(apply: () => void): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** Tests: no update waiting. */
export function resetAppUpdate(): void {
  applyUpdate = null;
}

export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => applyUpdate,
    () => null,
  );
}
