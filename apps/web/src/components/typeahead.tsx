// A searchable picker (ARIA combobox with a listbox): type part of any of an option's words, pick with the mouse or
// the arrow keys and Enter. For lists too long for a plain select, such as every member.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n/runtime';

export interface TypeaheadOption {
  value: string;
  label: string;
  /** More text the option is found by (a phone number), not shown. */
  keywords?: string;
}

export interface TypeaheadProps {
  label: string;
  placeholder?: string;
  options: readonly TypeaheadOption[];
  /** The chosen option's value, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  showError?: boolean;
  className?: string;
  /** Options listed at most (the rest are found by typing more). */
  limit?: number;
}

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export function Typeahead({
  label,
  placeholder,
  options,
  value,
  onChange,
  onBlur,
  error,
  showError = false,
  className = 'mb-3',
  limit = 8,
}: TypeaheadProps) {
  const t = useT(commonTexts);
  const id = useId();
  const listId = `${id}-list`;
  const chosen = options.find((o) => o.value === value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = text ?? chosen?.label ?? '';

  const matches = useMemo(() => {
    const terms = normalize(text ?? '')
      .split(' ')
      .filter(Boolean);
    return options
      .filter((o) => {
        const haystack = normalize(`${o.label} ${o.keywords ?? ''}`);
        return terms.every((term) => haystack.includes(term));
      })
      .slice(0, limit);
  }, [options, text, limit]);

  const pick = (option: TypeaheadOption) => {
    onChange(option.value);
    setText(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length === 0 ? 0 : (i + step + matches.length) % matches.length));
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault();
      pick(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText(null);
    }
  };

  const invalid = showError && error !== undefined;
  const expanded = open && matches.length > 0;
  return (
    <div className={`${className} position-relative`}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        placeholder={placeholder}
        value={shown}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange('');
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setText(null);
          onBlur?.();
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('choices', { label })}
        className={`list-group position-absolute w-100 shadow-sm${expanded ? '' : ' d-none'}`}
        style={{ zIndex: 1056, maxHeight: '16rem', overflowY: 'auto' }}
      >
        {matches.map((option, index) => (
          <li
            key={option.value}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
            style={{ cursor: 'pointer' }}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Natural order ('dealer2' before 'dealer10'), case- and accent-insensitive. */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}
