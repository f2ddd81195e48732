// Labelled Bootstrap inputs wired to react-hook-form, styled invalid only when the form says to show the error.
import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Option } from '@dealerleads/shared/catalogues';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The message to show; shown (and the field styled invalid) only when `showError` is true. */
  error?: string;
  showError?: boolean;
  className?: string;
}

type InputProps = FieldProps &
  Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'readOnly'
  >;

export function TextField({
  label,
  registration,
  error,
  showError = false,
  className = 'mb-3',
  type = 'text',
  ...input
}: InputProps) {
  const id = useId();
  const invalid = showError && error !== undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        {...input}
        {...registration}
      />
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

type SelectProps = FieldProps & {
  options: readonly (Option<string> | string)[];
  placeholder: string;
};

export function SelectField({
  label,
  registration,
  error,
  showError = false,
  className = 'mb-3',
  options,
  placeholder,
}: SelectProps) {
  const id = useId();
  const invalid = showError && error !== undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
