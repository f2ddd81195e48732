// The eight steps of the lead wizard (spec §2.6) and each field's check, taken from the shared `leadSubmissionSchema`.
import { leadSubmissionSchema, leadWizardMessages, type LeadSubmission } from '@dealerleads/shared';
import { WIZARD_BRANDS } from '@dealerleads/shared/catalogues';

/** What the form holds; until chosen, a choice is undefined (a text field, ''). */
export type LeadWizardValues = LeadSubmission;
export type WizardField = keyof LeadSubmission;

export interface WizardStep {
  title: string;
  fields: readonly WizardField[];
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  { title: 'Year', fields: ['year'] },
  { title: 'Brand', fields: ['brand'] },
  { title: 'Model', fields: ['model'] },
  { title: 'Owner Type', fields: ['ownerType'] },
  { title: 'Transmission', fields: ['transmission'] },
  { title: 'Fuel Type', fields: ['fuelType'] },
  { title: 'Seats', fields: ['seats'] },
  { title: 'Your Details', fields: ['fullName', 'city', 'phoneNumber', 'price', 'consent'] },
];

export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** The models the wizard offers for a brand slug (none for an unknown brand). */
export function modelsOf(brand: unknown): readonly string[] {
  return WIZARD_BRANDS.find((b) => b.value === brand)?.models ?? [];
}

export function brandLabel(brand: unknown): string {
  return WIZARD_BRANDS.find((b) => b.value === brand)?.label ?? String(brand ?? '');
}

type PartialValues = Partial<Record<WizardField, unknown>>;

/**
 * The message of a field's first broken rule, or undefined when it is valid. Each field is checked
 * with its own rule of the shared schema; the model also against the chosen brand, which the
 * schema checks only once every other field is valid.
 */
export function fieldError(field: WizardField, values: PartialValues): string | undefined {
  const result = leadSubmissionSchema.shape[field].safeParse(values[field]);
  if (!result.success) return result.error.issues[0]?.message ?? leadWizardMessages[field];
  if (field === 'model' && !modelsOf(values.brand).includes(String(result.data))) {
    return leadWizardMessages.model;
  }
  return undefined;
}

export function isStepValid(step: WizardStep, values: PartialValues): boolean {
  return step.fields.every((field) => fieldError(field, values) === undefined);
}

/** The first step that holds one of these fields (for server errors), or undefined. */
export function stepOfFirst(fields: readonly string[]): number | undefined {
  const index = WIZARD_STEPS.findIndex((step) =>
    step.fields.some((field) => fields.includes(field)),
  );
  return index === -1 ? undefined : index;
}

/**
 * A phone number as typed on a phone: spaces, dashes, dots and brackets dropped, and India's
 * '+91' / '0' prefix taken off a number that is otherwise 10 digits (autofill often adds it).
 */
export function normalizePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  if (/^\+?91\d{10}$/.test(compact)) return compact.slice(-10);
  if (/^0\d{10}$/.test(compact)) return compact.slice(1);
  return compact;
}

/** An amount as typed ('2,50,000', '₹ 250000'); '' stays undefined so the required message shows. */
export function parseAmount(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return undefined;
  const compact = raw.replace(/[\s,₹]/g, '');
  if (compact === '') return undefined;
  return /^\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}
