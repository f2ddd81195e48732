// The nine steps of the lead wizard (the photos, optional, after the car) and each field's check: the shared schema's rule, then what the catalogue allows
// for the car chosen so far (brand and model first, so every later list offers only what that model had).
import {
  carFactIssues,
  leadSubmissionSchema,
  leadWizardMessages,
  type LeadSubmissionInput,
} from '@dealerleads/shared';
import {
  FUELS,
  TRANSMISSIONS,
  VEHICLE_BRANDS,
  carChoices,
  findModel,
  modelYears,
  seatsLabel,
  variantsIn,
  type Option,
  type VehicleModel,
} from '@dealerleads/shared/catalogues';

/** What the form holds; until chosen, a choice is undefined (a text field, ''). */
export type LeadWizardValues = LeadSubmissionInput;
export type WizardField = keyof LeadSubmissionInput;

export interface WizardStep {
  title: string;
  fields: readonly WizardField[];
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  { title: 'Brand', fields: ['brand'] },
  { title: 'Model', fields: ['model'] },
  { title: 'Year', fields: ['year', 'varient'] },
  { title: 'Fuel Type', fields: ['fuelType'] },
  { title: 'Transmission', fields: ['transmission'] },
  { title: 'Seats', fields: ['seats'] },
  { title: 'Owner Type', fields: ['ownerType', 'kmDriven'] },
  // Photos are files held in the browser until the lead exists, so no submission field is on this step.
  { title: 'Photos', fields: [] },
  { title: 'Your Details', fields: ['fullName', 'city', 'phoneNumber', 'price', 'rto', 'consent'] },
];

export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** The step that offers photos. */
export const PHOTO_STEP = WIZARD_STEPS.findIndex((step) => step.title === 'Photos');

/** The brands most cars sold in India carry, in this order, ahead of the rest (alphabetical). */
export const POPULAR_BRANDS: readonly string[] = [
  'maruti_suzuki',
  'hyundai',
  'tata',
  'mahindra',
  'kia',
  'toyota',
  'honda',
];

const popularity = (brand: string) => {
  const index = POPULAR_BRANDS.indexOf(brand);
  return index === -1 ? POPULAR_BRANDS.length : index;
};

export const BRAND_OPTIONS: readonly Option[] = VEHICLE_BRANDS.map((b) => ({
  value: b.value,
  label: b.label,
})).sort(
  (a, b) => popularity(a.value) - popularity(b.value) || a.label.localeCompare(b.label, 'en'),
);

/** The models the wizard offers for a brand slug (none for an unknown brand). */
export function modelsOf(brand: unknown): readonly string[] {
  return VEHICLE_BRANDS.find((b) => b.value === brand)?.models.map((m) => m.name) ?? [];
}

export function brandLabel(brand: unknown): string {
  return VEHICLE_BRANDS.find((b) => b.value === brand)?.label ?? String(brand ?? '');
}

type PartialValues = Partial<Record<WizardField, unknown>>;

function chosenModel(values: PartialValues): VehicleModel | undefined {
  return typeof values.brand === 'string' && typeof values.model === 'string'
    ? findModel(values.brand, values.model)
    : undefined;
}

const chosenVariant = (values: PartialValues) =>
  typeof values.varient === 'string' && values.varient !== '' ? values.varient : undefined;

/** The choices each car step offers for what is chosen so far: the model's years, its variants that year, and so on. */
export interface WizardChoices {
  years: number[];
  variants: string[];
  fuels: Option[];
  transmissions: Option[];
  seats: Option<number>[];
}

export function wizardChoices(values: PartialValues): WizardChoices {
  const model = chosenModel(values);
  if (!model) return { years: [], variants: [], fuels: [], transmissions: [], seats: [] };
  const year = typeof values.year === 'number' ? values.year : undefined;
  const variants = year === undefined ? [] : variantsIn(model, year).map((v) => v.name);
  const variant = chosenVariant(values);
  const car = carChoices(model, year, variant && variants.includes(variant) ? variant : undefined);
  return {
    years: modelYears(model),
    variants,
    fuels: FUELS.filter((f) => car.fuels.includes(f.value)),
    transmissions: TRANSMISSIONS.filter((t) => car.transmissions.includes(t.value)),
    seats: car.seats.map((n) => ({ value: n, label: seatsLabel(n) })),
  };
}

/**
 * The message of a field's first broken rule, or undefined when it is valid: the field's own rule of the shared schema,
 * then the catalogue's for the car chosen so far (the API checks the same). Kilometres are optional to the API but the
 * wizard asks for them, so a dealer sees them.
 */
export function fieldError(field: WizardField, values: PartialValues): string | undefined {
  if (field === 'kmDriven' && (values.kmDriven === undefined || values.kmDriven === null)) {
    return leadWizardMessages.kmDriven;
  }
  const result = leadSubmissionSchema.shape[field].safeParse(values[field]);
  if (!result.success) {
    return result.error.issues[0]?.message ?? leadWizardMessages[field as 'year'];
  }
  return carFactIssues(values)[field as keyof ReturnType<typeof carFactIssues>];
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

/** An amount as typed ('2,50,000', '₹ 250000', '45,000 km'); '' stays undefined so the required message shows. */
export function parseAmount(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return undefined;
  const compact = raw.replace(/[\s,₹]|km$/gi, '');
  if (compact === '') return undefined;
  return /^\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}
