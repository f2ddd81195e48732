// True once the browser has been idle after the first render: nav extras (badges, the bell) wait for it, so they
// never compete with the screen's own first requests. Without requestIdleCallback (old Safari, jsdom) they wait
// for nothing and stay off.
import { useEffect, useState } from 'react';

export function useWhenIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }, [timeoutMs]);
  return idle;
}
