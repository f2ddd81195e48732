// The fixed top bar (docs/screens.md): hamburger for the side menu, the product title centred, the user menu on the right.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { paths } from '../../config/paths';
import { useWhenIdle } from '../../hooks/use-when-idle';
import { UserMenu } from './user-menu';
import { layoutTexts } from '../../i18n/en/layout';
import { useT } from '../../i18n/runtime';

// The side menu (react-bootstrap Offcanvas) loads when first wanted, outside the first download.
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })));
// A dealer's badge (and its requests) wait until the screen's own work is done: none of it is in the first download.
const NavExtras = lazy(() =>
  import('./nav-extras').then((module) => ({ default: module.NavExtras })),
);

export function NavBar() {
  const t = useT(layoutTexts);
  const user = useCurrentUser();
  const idle = useWhenIdle();
  const dealer = user !== null && !isAdmin(user);
  const [menuOpen, setMenuOpen] = useState(false);
  // Stays true after the first opening, so the menu can animate closed.
  const [menuMounted, setMenuMounted] = useState(false);

  const openMenu = () => {
    setMenuMounted(true);
    setMenuOpen(true);
  };

  return (
    <header className="app-top-bar navbar navbar-dark bg-primary fixed-top">
      <div className={`container-fluid app-top-bar-grid${dealer ? ' with-extras' : ''}`}>
        <button
          type="button"
          className="btn btn-link text-white fs-3 p-1"
          aria-label={t('openMenu')}
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadSideMenu()}
          onFocus={() => void loadSideMenu()}
          onClick={openMenu}
        >
          <i className="bi bi-list" aria-hidden="true" />
        </button>
        <Link to={paths.home} className="navbar-brand m-0 text-center fw-semibold" translate="no">
          DealerLeads
        </Link>
        <div className="justify-self-end position-relative">
          {dealer ? (
            // Beside the user menu, outside the grid's flow: nothing moves when the extras arrive.
            <span className="nav-extras">
              {idle ? (
                <Suspense fallback={null}>
                  <NavExtras />
                </Suspense>
              ) : null}
            </span>
          ) : null}
          <UserMenu user={user} />
        </div>
      </div>
      {menuMounted ? (
        <Suspense fallback={null}>
          <SideMenu
            show={menuOpen}
            onClose={() => setMenuOpen(false)}
            admin={isAdmin(user)}
            signedIn={user !== null}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
