// What the wizard shows when POST /api/leads fails: field messages, the duplicate text, the rate limit, or a way to retry.
import { apiMessages } from '@dealerleads/shared';
import { ApiError, formErrorMessages, serverMessageOf } from '../../lib/api-error';
import { WIZARD_STEPS, type WizardField } from './lead-wizard-steps';
import { wizardTexts } from '../../i18n/en/lead-form';
import { translate } from '../../i18n/runtime';

export const leadFormTexts = {
  get failed() {
    return translate(wizardTexts, 'failed');
  },
  get offline() {
    return translate(wizardTexts, 'offline');
  },
};

export interface SubmissionProblem {
  /** Listed in the danger alert above the form. */
  messages: string[];
  /** Server validation messages of wizard fields, shown on the fields themselves too. */
  fieldErrors: Partial<Record<WizardField, string>>;
}

const wizardFields = new Set<string>(WIZARD_STEPS.flatMap((step) => step.fields));

function isWizardField(key: string): key is WizardField {
  return wizardFields.has(key);
}

/** `{"errors":{"phoneNumber":["…"]}}` → the first message of each wizard field. */
function fieldErrorsOf(body: unknown): Partial<Record<WizardField, string>> {
  const errors: Partial<Record<WizardField, string>> = {};
  if (typeof body !== 'object' || body === null) return errors;
  const raw = (body as { errors?: unknown }).errors;
  if (typeof raw !== 'object' || raw === null) return errors;
  for (const [key, value] of Object.entries(raw)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (isWizardField(key) && typeof first === 'string' && first !== '') errors[key] = first;
  }
  return errors;
}

export function submissionProblem(error: unknown): SubmissionProblem {
  if (!(error instanceof ApiError)) return { messages: [leadFormTexts.offline], fieldErrors: {} };
  switch (error.status) {
    case 400:
      // A validation list, or a business rule such as the 30-day duplicate.
      return {
        messages: formErrorMessages(error, leadFormTexts.failed),
        fieldErrors: fieldErrorsOf(error.body),
      };
    case 429:
      return {
        messages: [serverMessageOf(error.body) ?? apiMessages.tooManyRequests],
        fieldErrors: {},
      };
    default:
      // Kept on the form (not the server-error page), so the owner's eight steps are not lost.
      return { messages: [leadFormTexts.failed], fieldErrors: {} };
  }
}
