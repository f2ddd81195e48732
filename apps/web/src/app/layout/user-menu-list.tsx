// The user menu's open list (lazy, loaded on the first hover, focus or opening): the name, 'Edit Profile', 'Logout', and its keys.
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { layoutTexts } from '../../i18n/en/layout';
import { shellTexts } from '../../i18n/en/shell';
import { useT } from '../../i18n/runtime';
import { LanguageSwitch } from '../../i18n/language-switch';

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export interface UserMenuListProps {
  user: CurrentUser;
  /** Which item takes the focus when the list opens. */
  focus: 'first' | 'last';
  /** The menu and its icon: a pointer down outside it closes the menu. */
  root: RefObject<HTMLDivElement | null>;
  /** Closes the menu; `returnFocus` puts the focus back on the icon (Escape). */
  onClose: (returnFocus: boolean) => void;
}

/** In the menu the arrows, Home and End move between items; Escape closes it back to the icon; Tab closes it and moves on. */
export function UserMenuList({ user, focus, root, onClose }: UserMenuListProps) {
  const t = useT(shellTexts);
  const tLayout = useT(layoutTexts);
  const navigate = useNavigate();
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    const all = items();
    (focus === 'last' ? all.at(-1) : all[0])?.focus();
  }, [focus]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [root, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Partial<Record<string, number>> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: -1,
    };
    const to = moves[event.key];
    if (to !== undefined) all.at(to % all.length)?.focus();
    else if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') return onClose(false);
    else return;
    event.preventDefault();
  };

  // A route, so a screen with unsaved changes asks before the session ends (see app/guards.ts).
  const logout = () => {
    onClose(false);
    void navigate(paths.logout);
  };

  return (
    <ul
      ref={menu}
      id="user-menu"
      className="dropdown-menu dropdown-menu-end show shadow"
      data-bs-popper="static"
      role="menu"
      aria-label={tLayout('userMenu')}
      onKeyDown={onKeyDown}
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
          onClick={() => onClose(false)}
        >
          {t('editProfile')}
        </Link>
      </li>
      <li role="presentation">
        <LanguageSwitch role="menuitem" className="dropdown-item" onChosen={() => onClose(false)} />
      </li>
      <li role="presentation">
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="dropdown-item"
          onClick={logout}
        >
          {t('logout')}
        </button>
      </li>
    </ul>
  );
}
