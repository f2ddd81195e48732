// The nav bar's right side (spec §2.2): a sign-in icon, or the user icon whose menu shows the name, 'Edit Profile' and 'Logout'.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { clearCurrentUser } from '../../lib/session';

export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/*
 * A plain Bootstrap dropdown rather than react-bootstrap's: the menu always opens under an icon
 * pinned to the top-right corner, so Popper (≈9 KiB gzip in every page's first download) buys nothing.
 */
export function UserMenu({ user }: { user: CurrentUser | null }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!user) {
    return (
      <Link
        to={paths.login}
        className="btn btn-link text-white fs-4 p-1"
        aria-label="Sign in"
        title="Sign in"
      >
        <i className="bi bi-box-arrow-in-right" aria-hidden="true" />
      </Link>
    );
  }

  const logout = () => {
    setOpen(false);
    clearCurrentUser();
    void navigate(paths.root);
  };

  return (
    <div className="dropdown" ref={root}>
      <button
        type="button"
        className="btn btn-link text-white fs-4 p-1"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <i className="bi bi-person-circle" aria-hidden="true" />
      </button>
      {open ? (
        <ul
          id="user-menu"
          className="dropdown-menu dropdown-menu-end show shadow"
          data-bs-popper="static"
          role="menu"
          aria-label="User menu"
        >
          <li role="presentation">
            <span className="dropdown-header fw-semibold text-body" data-testid="user-menu-name">
              {capitalise(user.username)}
            </span>
          </li>
          <li role="presentation">
            <hr className="dropdown-divider" />
          </li>
          <li role="presentation">
            <Link
              role="menuitem"
              className="dropdown-item"
              to={paths.memberEdit(user.username)}
              onClick={() => setOpen(false)}
            >
              Edit Profile
            </Link>
          </li>
          <li role="presentation">
            <button type="button" role="menuitem" className="dropdown-item" onClick={logout}>
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
