// The owner's consent on the wizard's last step (DPDP Act): the number goes to at most N verified dealers (the setting).
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { wizardTexts } from '../../i18n/en/lead-form';
import { translate, useT } from '../../i18n/runtime';

export function consentLabel(maxDealers: number): string {
  return translate(wizardTexts, 'consent', { count: maxDealers });
}

export interface ConsentCheckProps {
  /** How many dealers may unlock one lead (the maxDealersPerLead setting). */
  maxDealers: number;
  registration: UseFormRegisterReturn;
  error?: string;
  showError: boolean;
}

export function ConsentCheck({ maxDealers, registration, error, showError }: ConsentCheckProps) {
  const t = useT(wizardTexts);
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
        {t('consentHint')}
      </div>
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
