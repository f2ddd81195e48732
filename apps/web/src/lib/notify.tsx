// Toasts (react-toastify) with spec §9's settings and titled toasts; the library loads on the first toast, outside the first download.
import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastContainerProps, TypeOptions } from 'react-toastify';
import { TOAST } from '@dealerleads/shared';

export const toastContainerProps = {
  position: 'top-right',
  autoClose: TOAST.timeoutMs,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  newestOnTop: true,
  theme: 'colored',
} satisfies ToastContainerProps;

let toastLibrary: Promise<typeof import('react-toastify')> | null = null;

/** react-toastify, imported once; it queues toasts until its container has mounted. */
export function loadToastLibrary() {
  toastLibrary ??= import('react-toastify');
  return toastLibrary;
}

let containerWanted = false;
const listeners = new Set<() => void>();

function wantContainer() {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

/** True once any toast was asked for: the app then mounts the (lazy) toast container. */
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

/** A bold title line above the message, as the spec's titled toasts show. */
export function ToastBody({ title, message }: { title?: string; message: ReactNode }) {
  if (title === undefined) return <>{message}</>;
  return (
    <div>
      <strong className="d-block">{title}</strong>
      <span>{message}</span>
    </div>
  );
}

function show(type: TypeOptions, message: string, title?: string) {
  wantContainer();
  void loadToastLibrary().then(({ toast }) => {
    // The same text twice at once (parallel 401s, a guard hit twice) is one toast.
    toast(<ToastBody title={title} message={message} />, {
      type,
      toastId: `${type}|${title ?? ''}|${message}`,
    });
  });
}

export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  info: (message: string, title?: string) => show('info', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  error: (message: string, title?: string) => show('error', message, title),
};
