// The toast container (lazy, mounted with the first toast): settings, readable colours, the 1,000 ms close after the mouse leaves.
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { ToastContainer, toast, type ToastContainerProps } from 'react-toastify';
import { TOAST } from '@dealerleads/shared';
import { setToastHostReady, type ToastRequest } from './notify';
import './toasts.css';

export const toastContainerProps = {
  position: 'top-right',
  autoClose: TOAST.timeoutMs,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  // Oldest first: a toast that follows another ('This was your last credit…' after the unlock) reads below it.
  newestOnTop: false,
  theme: 'colored',
} satisfies ToastContainerProps;

/** A bold title line above the message, as the spec's titled toasts show. */
export function ToastBody({ title, message }: { title?: string; message: ReactNode }) {
  // `toast-text` keeps clear of the library's × in the corner (toasts.css).
  if (title === undefined) return <div className="toast-text">{message}</div>;
  return (
    <div className="toast-text">
      <strong className="d-block">{title}</strong>
      <span>{message}</span>
    </div>
  );
}

export function showToast({ type, message, title }: ToastRequest): void {
  // The same text twice at once (parallel 401s, a guard hit twice) is one toast.
  toast(<ToastBody title={title} message={message} />, {
    type,
    toastId: `${type}|${title ?? ''}|${message}`,
  });
}

/**
 * The spec's "extended time-out": a toast the mouse rested on closes 1,000 ms after the mouse leaves it
 * (react-toastify would resume the rest of its 5 s). Each toast element carries its toast id as `id`.
 */
function closeSoonAfterMouseLeaves(event: MouseEvent<HTMLDivElement>) {
  const left = event.target instanceof Element ? event.target.closest('.Toastify__toast') : null;
  if (!left?.id) return;
  const to = event.relatedTarget;
  if (to instanceof Node && left.contains(to)) return;
  toast.update(left.id, { autoClose: TOAST.extendedTimeoutMs, delay: 0 });
}

export function ToastHost() {
  useEffect(() => {
    // StrictMode mounts, unmounts and mounts again in one go, and the container's first subscription goes with
    // whatever it was given: toasts are handed over only once the mounting has settled (see notify.tsx).
    let mounted = true;
    queueMicrotask(() => {
      if (mounted) setToastHostReady(true);
    });
    return () => {
      mounted = false;
      setToastHostReady(false);
    };
  }, []);

  return (
    <div className="toast-host" onMouseOut={closeSoonAfterMouseLeaves}>
      <ToastContainer {...toastContainerProps} />
    </div>
  );
}
