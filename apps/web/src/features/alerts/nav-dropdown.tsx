// A nav icon with a count badge that opens a plain Bootstrap dropdown (closes on a click outside or Escape).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { alertsTexts } from '../../i18n/en/alerts';
import { translate } from '../../i18n/runtime';

export function NavDropdown({
  icon,
  label,
  count,
  countTestId,
  children,
}: {
  icon: string;
  label: string;
  count: number;
  countTestId: string;
  children: (close: () => void) => ReactNode;
}) {
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

  return (
    <div className="dropdown" ref={root}>
      <button
        type="button"
        className="btn btn-link text-white fs-4 p-1 position-relative"
        aria-label={count > 0 ? translate(alertsTexts, 'countLabel', { label, count }) : label}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <i className={`bi ${icon}`} aria-hidden="true" />
        {count > 0 ? (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger fs-6"
            data-testid={countTestId}
          >
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          className="dropdown-menu dropdown-menu-end show shadow p-2 nav-dropdown-panel"
          data-bs-popper="static"
          role="dialog"
          aria-label={label}
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}
