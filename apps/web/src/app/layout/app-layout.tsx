// The app root (docs/screens.md): nav bar, the routed screen and the busy overlay.
import { Outlet } from 'react-router';
import { LoadingOverlay } from './loading-overlay';
import { NavBar } from './nav-bar';

export function AppLayout() {
  return (
    <>
      <NavBar />
      <main className="app-main">
        <Outlet />
      </main>
      <LoadingOverlay />
    </>
  );
}
