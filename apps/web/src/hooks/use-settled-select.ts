// A filter select that sends its choice once the user has settled on it: arrow keys step through the options without a request (and a history entry) per step.
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/** How long keyboard stepping must pause before the option it rests on is applied. */
export const SELECT_SETTLE_MS = 800;

/** Keys that change a closed select's value on the spot (Chromium on Linux and Windows): arrows, paging, type-ahead. */
function stepsValue(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return (
    [
      'ArrowUp',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'PageUp',
      'PageDown',
    ].includes(event.key) ||
    (event.key.length === 1 && event.key !== ' ')
  );
}

/**
 * Props for a `<select>` whose `value` is applied by `onChoose`. A choice made with the mouse (or with
 * Enter in the open list) is applied at once; one reached by stepping with the keyboard shows in the
 * select and is applied on Enter, when the focus leaves the select, or after a pause of `SELECT_SETTLE_MS`.
 */
export function useSettledSelect(value: string, onChoose: (value: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const stepping = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const choose = useRef(onChoose);
  useEffect(() => {
    choose.current = onChoose;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string | null) => {
    clearTimeout(timer.current);
    setDraft(null);
    if (next !== null && next !== value) choose.current(next);
  };

  return {
    value: draft ?? value,
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      stepping.current = stepsValue(event);
      if (event.key === 'Enter') apply(draft);
    },
    onPointerDown: () => {
      stepping.current = false;
    },
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const next = event.target.value;
      if (!stepping.current) return apply(next);
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(next), SELECT_SETTLE_MS);
    },
    onBlur: () => apply(draft),
  };
}
