// A radio group drawn as large tiles: each whole tile is the touch target, for owners filling the wizard on a phone.
import { useId } from 'react';
import type { Option } from '@dealerleads/shared/catalogues';

export interface ChoiceTilesProps<V extends string | number> {
  /** The group's name, read out by screen readers (the step heading shows it to everyone). */
  legend: string;
  name: string;
  options: readonly Option<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  onBlur: () => void;
  error?: string;
  showError?: boolean;
  /** Bootstrap row-cols classes, e.g. 'row-cols-2 row-cols-sm-3'. */
  columns?: string;
  /** Receives the first radio, so the form can move focus to the group. */
  firstInputRef?: (element: HTMLInputElement | null) => void;
}

export function ChoiceTiles<V extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  onBlur,
  error,
  showError = false,
  columns = 'row-cols-2',
  firstInputRef,
}: ChoiceTilesProps<V>) {
  const id = useId();
  const invalid = showError && error !== undefined;
  return (
    <fieldset aria-describedby={invalid ? `${id}-error` : undefined}>
      <legend className="visually-hidden">{legend}</legend>
      <div className={`row g-2 ${columns}`}>
        {options.map((option, index) => {
          const checked = option.value === value;
          return (
            <div className="col" key={option.value}>
              <label
                className={`d-flex align-items-center gap-2 h-100 px-3 py-3 rounded-3 border ${
                  checked ? 'border-primary bg-primary-subtle fw-semibold' : 'bg-body'
                }${invalid ? ' border-danger' : ''}`}
                style={{ cursor: 'pointer', minHeight: '3.25rem' }}
              >
                <input
                  ref={index === 0 ? firstInputRef : undefined}
                  type="radio"
                  className="form-check-input flex-shrink-0 m-0"
                  name={name}
                  value={String(option.value)}
                  checked={checked}
                  aria-invalid={invalid}
                  onChange={() => onChange(option.value)}
                  onBlur={onBlur}
                />
                <span>{option.label}</span>
              </label>
            </div>
          );
        })}
      </div>
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
