// Labelled Bootstrap inputs wired to react-hook-form, styled invalid only when the form says to show the error.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
// Types only: the lead list's entry chunk uses these fields and must not pull in react-hook-form.
import type { FieldPath, FieldValues, FormState, UseFormRegisterReturn } from 'react-hook-form';
import type { Option } from '@dealerleads/shared/catalogues';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The message to show; shown (and the field styled invalid) only when `showError` is true. */
  error?: string;
  showError?: boolean;
  className?: string;
  /** Style the field invalid without the message under it (the form lists its errors elsewhere). */
  hideFeedback?: boolean;
}

type InputProps = FieldProps &
  Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'readOnly'
  >;

/**
 * `field(name)` gives a field's `error` and `showError` props: shown once the field was touched or the form submitted.
 * Call it during render, so the form subscribes to the errors and touched fields.
 */
export function fieldErrors<T extends FieldValues>({
  errors,
  touchedFields,
  isSubmitted,
}: Pick<FormState<T>, 'errors' | 'touchedFields' | 'isSubmitted'>) {
  // The forms' fields are flat, so a name is a key of `errors` and `touchedFields`.
  const messages = errors as Partial<Record<string, { message?: string }>>;
  const touched = touchedFields as Partial<Record<string, unknown>>;
  return (name: FieldPath<T>) => ({
    error: messages[name]?.message,
    showError: Boolean(touched[name]) || isSubmitted,
  });
}

/** The wrapper, label and invalid feedback around one control, given its id and whether it is invalid. */
export function FieldShell({
  label,
  error,
  showError = false,
  className = 'mb-3',
  hideFeedback = false,
  children,
}: Omit<FieldProps, 'registration'> & {
  children: (control: {
    id: string;
    invalid: boolean;
    describedBy: string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const invalid = showError && error !== undefined;
  const feedback = invalid && !hideFeedback;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({ id, invalid, describedBy: feedback ? `${id}-error` : undefined })}
      {feedback ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  registration,
  error,
  showError = false,
  className = 'mb-3',
  hideFeedback = false,
  type = 'text',
  ...input
}: InputProps) {
  return (
    <FieldShell
      label={label}
      error={error}
      showError={showError}
      className={className}
      hideFeedback={hideFeedback}
    >
      {({ id, invalid, describedBy }) => (
        <input
          id={id}
          type={type}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...input}
          {...registration}
        />
      )}
    </FieldShell>
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
  return (
    <FieldShell label={label} error={error} showError={showError} className={className}>
      {({ id, invalid, describedBy }) => (
        <select
          id={id}
          className={`form-select${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
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
      )}
    </FieldShell>
  );
}

/** The choices of an Active / Inactive status select, as the form's string values. */
export const statusOptions: readonly Option<string>[] = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export const SAVING_TEXT = 'Saving...';

/** The submit button's text: a spinner and 'Saving...' while a save is in flight. */
export function SaveLabel({
  saving,
  children = 'Save',
}: {
  saving: boolean;
  children?: ReactNode;
}) {
  return saving ? (
    <>
      <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
      {SAVING_TEXT}
    </>
  ) : (
    children
  );
}

/** A form's Cancel and submit buttons, right-aligned. */
export function FormActions({
  onCancel,
  submitDisabled,
  submitClassName = 'btn btn-primary',
  children,
}: {
  onCancel: () => void;
  submitDisabled: boolean;
  submitClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="d-flex gap-2 justify-content-end">
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={submitClassName} disabled={submitDisabled}>
        {children}
      </button>
    </div>
  );
}
