// A list's search box: reports the trimmed text once typing pauses, or at once on Enter.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

export interface SearchBoxProps {
  /** The text the box starts with (the list's current search). Remount with a new `key` to reset it. */
  initialValue: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** Accessible name of the input. */
  label: string;
  delayMs?: number;
  className?: string;
}

export function SearchBox({
  initialValue,
  onSearch,
  placeholder,
  label,
  delayMs = 400,
  className = '',
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(initialValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value.trim()), delayMs);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    onSearch(text.trim());
  };

  return (
    <form role="search" className={className} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="input-group">
        <span className="input-group-text" aria-hidden="true">
          <i className="bi bi-search" />
        </span>
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder={placeholder}
          value={text}
          maxLength={100}
          onChange={(event) => change(event.target.value)}
        />
      </div>
    </form>
  );
}
