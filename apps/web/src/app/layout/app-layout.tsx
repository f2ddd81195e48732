// The app root (docs/screens.md): a skip link, nav bar, the offline and update banners with the page title (a small lazy
// chunk, app-extras.tsx, asked for after the first paint), the routed screen and the busy bar.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingOverlay } from './loading-overlay';
import { NavBar } from './nav-bar';
import { layoutTexts } from '../../i18n/en/layout';
import { useT } from '../../i18n/runtime';

const AppExtras = lazy(() => import('./app-extras').then((m) => ({ default: m.AppExtras })));

export const SKIP_LINK_TEXT = layoutTexts.en.skipToMain;

/**
 * False until the page has painted once: what can wait is then asked for after the first download, not beside it on a
 * slow line. A task queued from an animation frame's callback runs after that frame is painted.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function AppLayout() {
  const t = useT(layoutTexts);
  const painted = usePaintedOnce();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('skipToMain')}
      </a>
      <NavBar />
      {painted && (
        <Suspense fallback={null}>
          <AppExtras />
        </Suspense>
      )}
      <main className="app-main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LoadingOverlay />
    </>
  );
}
