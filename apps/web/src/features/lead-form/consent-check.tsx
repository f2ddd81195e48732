// The owner's consent on the wizard's last step (DPDP Act): the number goes to at most N verified dealers (the setting).
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function consentLabel(maxDealers: number): string {
  return `I agree to share my number with up to ${maxDealers} verified dealers`;
}

export interface ConsentCheckProps {
  /** How many dealers may unlock one lead (the maxDealersPerLead setting). */
  maxDealers: number;
  registration: UseFormRegisterReturn;
  error?: string;
  showError: boolean;
}

export function ConsentCheck({ maxDealers, registration, error, showError }: ConsentCheckProps) {
  const id = useId();
  const invalid = showError && error !== undefined;
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        {...registration}
      />
      <label htmlFor={id} className="form-check-label fw-semibold">
        {consentLabel(maxDealers)}
      </label>
      <div id={`${id}-hint`} className="form-text">
        You get a private link to change the price or take your car off the list at any time.
      </div>
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
