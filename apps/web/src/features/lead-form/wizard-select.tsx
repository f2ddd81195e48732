// A large labelled select of the wizard (phone-sized touch target) with its error and hint, and the feedback lines
// every wizard field shows.
import { useId } from 'react';
import type { Option } from '@dealerleads/shared/catalogues';
import { wizardErrorText } from './wizard-texts';

export interface WizardSelectProps {
  id: string;
  label: string;
  /** The first, empty choice ('Select the year', 'Not sure'). */
  placeholder: string;
  /** The step heading names a step's only select; a second one shows its label. */
  visibleLabel?: boolean;
  name: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  onBlur: () => void;
  fieldRef?: (element: HTMLSelectElement | null) => void;
  error?: string;
  showError: boolean;
  hint?: string;
}

export function WizardSelect({
  id,
  label,
  placeholder,
  visibleLabel = false,
  name,
  value,
  options,
  onChange,
  onBlur,
  fieldRef,
  error,
  showError,
  hint,
}: WizardSelectProps) {
  const hintId = useId();
  const invalid = showError && error !== undefined;
  const described = [invalid ? `${id}-error` : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label
        htmlFor={id}
        className={visibleLabel ? 'form-label fw-semibold' : 'form-label visually-hidden'}
      >
        {label}
      </label>
      <select
        id={id}
        ref={fieldRef}
        name={name}
        className={`form-select form-select-lg${invalid ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={invalid}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldFeedback
        errorId={`${id}-error`}
        error={invalid ? error : undefined}
        hintId={hintId}
        hint={hint}
      />
    </div>
  );
}

/** A wizard field's error (when shown) and hint, with the ids its input's aria-describedby names. */
export function FieldFeedback({
  errorId,
  error,
  hintId,
  hint,
}: {
  errorId: string;
  error?: string;
  hintId: string;
  hint?: string;
}) {
  return (
    <>
      {error !== undefined ? (
        <div id={errorId} className="invalid-feedback">
          {wizardErrorText(error)}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </>
  );
}
