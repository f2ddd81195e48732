// The app root (docs/screens.md): a skip link, nav bar, the offline and update banners with the page title (a small lazy
// chunk, app-extras.tsx), the routed screen and the busy bar.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingOverlay } from './loading-overlay';
import { NavBar } from './nav-bar';
import { layoutTexts } from '../../i18n/en/layout';
import { useT } from '../../i18n/runtime';

const AppExtras = lazy(() => import('./app-extras').then((m) => ({ default: m.AppExtras })));

export const SKIP_LINK_TEXT = layoutTexts.en.skipToMain;

export function AppLayout() {
  const t = useT(layoutTexts);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('skipToMain')}
      </a>
      <NavBar />
      <Suspense fallback={null}>
        <AppExtras />
      </Suspense>
      <main className="app-main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LoadingOverlay />
    </>
  );
}
