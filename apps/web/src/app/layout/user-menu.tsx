// The nav bar's right side (spec §2.2): a sign-in icon, or the user icon whose menu shows the name, 'Edit Profile' and 'Logout'.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../../config/paths';

export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The menu's items in order (the name above them is a header, not an item). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}

/**
 * A plain Bootstrap dropdown rather than react-bootstrap's: the menu always opens under an icon pinned
 * to the top-right corner, so Popper (≈9 KiB gzip in every page's first download) buys nothing.
 * Keyboard as in the WAI-ARIA menu button pattern: Enter, Space or ArrowDown on the icon opens the menu
 * on its first item (ArrowUp on its last); in the menu the arrows, Home and End move between items;
 * Escape closes it and returns focus to the icon; Tab closes it and moves on.
 */
export function UserMenu({ user }: { user: CurrentUser | null }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menu.current);
    (open === 'last' ? items.at(-1) : items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
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

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  };

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    } else if (event.key === 'Escape' && open) {
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItems(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(at + 1);
        break;
      case 'ArrowUp':
        focus(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(-1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  // A route, so a screen with unsaved changes asks before the session ends (see app/guards.ts).
  const logout = () => {
    setOpen(false);
    void navigate(paths.logout);
  };

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-link text-white fs-4 p-1"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls="user-menu"
        onClick={() => setOpen((value) => (value ? false : 'first'))}
        onKeyDown={onToggleKeyDown}
      >
        <i className="bi bi-person-circle" aria-hidden="true" />
      </button>
      {open ? (
        <ul
          ref={menu}
          id="user-menu"
          className="dropdown-menu dropdown-menu-end show shadow"
          data-bs-popper="static"
          role="menu"
          aria-label="User menu"
          onKeyDown={onMenuKeyDown}
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
              tabIndex={-1}
              className="dropdown-item"
              to={paths.memberEdit(user.username)}
              onClick={() => setOpen(false)}
            >
              Edit Profile
            </Link>
          </li>
          <li role="presentation">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="dropdown-item"
              onClick={logout}
            >
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
