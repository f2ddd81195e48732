// The wizard's texts that come from the shared schemas (field errors, catalogue labels), in the reader's language.
import { leadWizardMessages } from '@dealerleads/shared';
import { leadsTexts } from '../../i18n/en/leads';
import { wizardTexts } from '../../i18n/en/lead-form';
import { hasText, translate } from '../../i18n/runtime';
import { formatNumber } from '../../lib/format';

/** A field error of the shared schema in the reader's language; any other text as it is. */
export function wizardErrorText(message: string): string {
  const key = Object.keys(leadWizardMessages).find(
    (name) => leadWizardMessages[name as keyof typeof leadWizardMessages] === message,
  );
  const full = `error.${key ?? ''}`;
  return key && hasText(wizardTexts, full) ? translate(wizardTexts, full) : message;
}

/** A catalogue option (fuel, owner, transmission) as the lead list names it in the reader's language. */
export function optionText(
  kind: 'fuel' | 'owner' | 'transmission',
  option: { value: string; label: string },
) {
  const key = `${kind}.${option.value}`;
  return hasText(leadsTexts, key) ? translate(leadsTexts, key) : option.label;
}

/** '5 Seater' in the reader's language. */
export const seatsText = (seats: number) => translate(leadsTexts, 'seater', { seats });

/** '45,000 km' in the reader's language. */
export const kmText = (km: number) => translate(leadsTexts, 'km', { km: formatNumber(km) });

/** A step's title in the reader's language (the steps are listed in lead-wizard-steps.ts). */
export function stepTitle(step: number, english: string): string {
  const key = `step.${step}`;
  return hasText(wizardTexts, key) ? translate(wizardTexts, key) : english;
}
