// The nav bar's right side (docs/screens.md): a sign-in icon, or the user icon whose menu shows the name, 'Edit Profile' and 'Logout'.
import { lazy, Suspense, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { layoutTexts } from '../../i18n/en/layout';
import { useT } from '../../i18n/runtime';

// The open list loads when first wanted (or the icon takes the focus), outside the first download.
const loadList = () => import('./user-menu-list');
const UserMenuList = lazy(() => loadList().then((module) => ({ default: module.UserMenuList })));

/**
 * A plain Bootstrap dropdown rather than react-bootstrap's: the menu always opens under an icon pinned
 * to the top-right corner, so Popper (in every page's first download) buys nothing.
 * Keyboard as in the WAI-ARIA menu button pattern: Enter, Space or ArrowDown on the icon opens the menu
 * on its first item, ArrowUp on its last (the list's own keys are in user-menu-list.tsx).
 */
export function UserMenu({ user }: { user: CurrentUser | null }) {
  const t = useT(layoutTexts);
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  if (!user) {
    return (
      <Link
        to={paths.login}
        className="btn btn-link text-white fs-4 p-1"
        aria-label={t('signIn')}
        title={t('signIn')}
      >
        <i className="bi bi-box-arrow-in-right" aria-hidden="true" />
      </Link>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    } else if (event.key === 'Escape') close(true);
  };

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-link text-white fs-4 p-1"
        aria-label={t('userMenu')}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls="user-menu"
        onFocus={() => void loadList()}
        onClick={() => setOpen((value) => (value ? false : 'first'))}
        onKeyDown={onKeyDown}
      >
        <i className="bi bi-person-circle" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <UserMenuList user={user} focus={open} root={root} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
