// Labelled Bootstrap inputs wired to react-hook-form, styled invalid only when the form says to show the error.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
// Types only: the lead list's entry chunk uses these fields and must not pull in react-hook-form.
import type { FieldPath, FieldValues, FormState, UseFormRegisterReturn } from 'react-hook-form';
import type { Option } from '@dealerleads/shared/catalogues';
import { commonTexts } from '../i18n/en/common';
import { translate, useT } from '../i18n/runtime';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The message to show; shown (and the field styled invalid) only when `showError` is true. */
  error?: string;
  showError?: boolean;
  className?: string;
  /** Style the field invalid without the message under it (the form lists its errors elsewhere). */
  hideFeedback?: boolean;
  /** Marks the label with a red asterisk (see `RequiredFieldsNote`) and the control `aria-required`. */
  required?: boolean;
  /** A rule to know before typing (e.g. the password length), shown under the control. */
  hint?: string;
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

/** The wrapper, label, hint and invalid feedback around one control, given its id and whether it is invalid. */
export function FieldShell({
  label,
  error,
  showError = false,
  className = 'mb-3',
  hideFeedback = false,
  required = false,
  hint,
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
  const describedBy =
    [hint === undefined ? '' : `${id}-hint`, feedback ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={required ? 'form-label required-mark' : 'form-label'}>
        {label}
      </label>
      {children({ id, invalid, describedBy })}
      {hint === undefined ? null : (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {feedback ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Says what the asterisks of `required` fields mean; put it above the form's fields. */
export function RequiredFieldsNote() {
  const t = useT(commonTexts);
  return (
    <p className="small text-body-secondary mb-3">
      {t('requiredBefore')}
      <span className="required-star">*</span>
      {t('requiredAfter')}
    </p>
  );
}

export function TextField({
  label,
  registration,
  error,
  showError = false,
  className = 'mb-3',
  hideFeedback = false,
  required = false,
  hint,
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
      required={required}
      hint={hint}
    >
      {({ id, invalid, describedBy }) => (
        <input
          id={id}
          type={type}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-required={required || undefined}
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
  required = false,
  hint,
  options,
  placeholder,
}: SelectProps) {
  return (
    <FieldShell
      label={label}
      error={error}
      showError={showError}
      className={className}
      required={required}
      hint={hint}
    >
      {({ id, invalid, describedBy }) => (
        <select
          id={id}
          className={`form-select${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-required={required || undefined}
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
  {
    value: 'true',
    get label() {
      return translate(commonTexts, 'active');
    },
  },
  {
    value: 'false',
    get label() {
      return translate(commonTexts, 'inactive');
    },
  },
];

export const SAVING_TEXT = commonTexts.en.saving;

/** The submit button's text: a spinner and 'Saving...' while a save is in flight. */
export function SaveLabel({ saving, children }: { saving: boolean; children?: ReactNode }) {
  const t = useT(commonTexts);
  return saving ? (
    <>
      <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
      {t('saving')}
    </>
  ) : (
    (children ?? t('save'))
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
  const t = useT(commonTexts);
  return (
    <div className="d-flex gap-2 justify-content-end">
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        {t('cancel')}
      </button>
      <button type="submit" className={submitClassName} disabled={submitDisabled}>
        {children}
      </button>
    </div>
  );
}
