// Leave-page guard for forms with unsaved changes (docs/screens.md): asks before in-app navigation and on page unload.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_CONFIRM_TEXT =
  'Are you sure you want to continue? Any unsaved changes will be lost';

/**
 * While `when` is true, leaving the page asks `LEAVE_CONFIRM_TEXT` first.
 * Call the returned `allowLeave()` just before navigating away after a successful save.
 */
export function useConfirmLeave(when: boolean, message: string = LEAVE_CONFIRM_TEXT) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return {
    allowLeave: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
