// A list's search box: reports the trimmed text once typing pauses, or at once on Enter; follows the list's search when it changes elsewhere.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

export interface SearchBoxProps {
  /** The list's current search (from the URL). When it changes from outside the box (Reset, Back), the box shows it. */
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** Accessible name of the input. */
  label: string;
  delayMs?: number;
  className?: string;
}

export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
  delayMs = 400,
  className = '',
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  /** The search this box last reported, until the list's search shows it. */
  const [sent, setSent] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  if (value !== shown) {
    setShown(value);
    // The box's own search arriving keeps whatever was typed since; any other change is shown.
    if (value === sent) setSent(null);
    else if (value !== text.trim()) setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const report = (term: string) => {
    setSent(term);
    onSearch(term);
  };

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => report(next.trim()), delayMs);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    report(text.trim());
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
