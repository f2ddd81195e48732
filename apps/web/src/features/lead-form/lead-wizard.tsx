// The eight-step lead submission form (spec §2.6, §5): one step at a time, Next only when the step is valid, Submit only when all is.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
} from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_SETTINGS, leadSubmissionSchema, type LeadSubmission } from '@dealerleads/shared';
import {
  FUELS,
  NCR_CITIES,
  TRANSMISSIONS,
  WIZARD_BRANDS,
  WIZARD_OWNER_TYPES,
  wizardSeatOptions,
  wizardYearOptions,
} from '@dealerleads/shared/catalogues';
import { ErrorList } from '../../components/error-list';
import { formatInr } from '../../lib/format-inr';
import { ChoiceTiles } from './choice-tiles';
import { ConsentCheck } from './consent-check';
import {
  brandLabel,
  fieldError,
  isStepValid,
  modelsOf,
  normalizePhone,
  parseAmount,
  stepOfFirst,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  type LeadWizardValues,
  type WizardField,
} from './lead-wizard-steps';
import type { SubmissionProblem } from './submission-problem';

/** Choices start empty (undefined), so nothing is picked for the owner. */
const emptyWizard: DefaultValues<LeadWizardValues> = {
  model: '',
  fullName: '',
  city: '',
  phoneNumber: '',
};

export interface LeadWizardProps {
  /** Sends the lead; resolves with what went wrong, or null once it is stored. */
  onSubmit: (submission: LeadSubmission) => Promise<SubmissionProblem | null>;
  /** The dealer cap the consent names (the maxDealersPerLead setting). */
  maxDealers?: number;
}

type TextFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  showError: boolean;
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'list' | 'enterKeyHint' | 'placeholder'
>;

/** A large labelled input (phone-sized touch target) wired to react-hook-form. */
function WizardTextField({
  label,
  registration,
  error,
  showError,
  hint,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  const invalid = showError && error !== undefined;
  const described = [invalid ? `${id}-error` : '', hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={`form-control form-control-lg${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid}
        aria-describedby={described || undefined}
        {...input}
        {...registration}
      />
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

function labelOf<V extends string>(
  options: readonly { value: V; label: string }[],
  value: unknown,
) {
  return options.find((option) => option.value === value)?.label;
}

/** One line saying which car this is, shown above the contact details. */
function CarSummary({ values }: { values: Partial<LeadWizardValues> }) {
  const parts = [
    values.year,
    brandLabel(values.brand),
    values.model,
    labelOf(WIZARD_OWNER_TYPES, values.ownerType),
    labelOf(TRANSMISSIONS, values.transmission),
    labelOf(FUELS, values.fuelType),
    values.seats === undefined ? undefined : `${values.seats} Seater`,
  ].filter((part) => part !== undefined && part !== '');
  return (
    <p className="alert alert-light border py-2 mb-3" aria-label="Your car">
      <i className="bi bi-car-front me-2" aria-hidden="true" />
      {parts.join(' · ')}
    </p>
  );
}

export function LeadWizard({
  onSubmit,
  maxDealers = DEFAULT_SETTINGS.maxDealersPerLead,
}: LeadWizardProps) {
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isValid },
  } = useForm<LeadWizardValues>({
    mode: 'all',
    resolver: zodResolver(leadSubmissionSchema),
    defaultValues: emptyWizard,
  });
  const values = useWatch({ control }) as Partial<LeadWizardValues>;
  const [step, setStep] = useState(0);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const current = WIZARD_STEPS[step]!;
  const isLast = step === WIZARD_STEP_COUNT - 1;
  const stepValid = isStepValid(current, values);

  // After Next or Previous, focus moves to the new step's heading (and scrolls it into view).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(Math.min(Math.max(0, next), WIZARD_STEP_COUNT - 1));
  };

  const show = (name: FieldPath<LeadWizardValues>) => ({
    error: errors[name]?.message,
    showError: Boolean(touchedFields[name]) || isSubmitted || errors[name]?.type === 'server',
  });

  const send = async (submission: LeadSubmission) => {
    setServerErrors([]);
    const problem = await onSubmit(submission);
    if (!problem) return;
    setServerErrors(problem.messages);
    const fields = Object.keys(problem.fieldErrors) as WizardField[];
    for (const field of fields) {
      setError(field, { type: 'server', message: problem.fieldErrors[field] });
    }
    const first = stepOfFirst(fields);
    if (first !== undefined && first !== step) goTo(first);
  };

  // Enter (or Next) moves on while the step is valid; on the last step it submits.
  const submitForm = (event: FormEvent<HTMLFormElement>) => {
    if (isLast) {
      void handleSubmit(send)(event);
      return;
    }
    event.preventDefault();
    if (stepValid) goTo(step + 1);
  };

  const price = parseAmount(values.price);

  return (
    <form noValidate onSubmit={submitForm} aria-label="Lead submission">
      <div className="mb-3">
        <p className="mb-1 small fw-semibold text-body-secondary" aria-live="polite">
          Step {step + 1} of {WIZARD_STEP_COUNT}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={1}
          aria-valuemax={WIZARD_STEP_COUNT}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${WIZARD_STEP_COUNT}`}
          style={{ height: '0.5rem' }}
        >
          <div
            className="progress-bar"
            style={{ width: `${((step + 1) / WIZARD_STEP_COUNT) * 100}%` }}
          />
        </div>
      </div>

      <h2 className="h4 mb-3" ref={headingRef} tabIndex={-1}>
        {current.title}
      </h2>

      <ErrorList errors={serverErrors} />

      {step === 0 ? (
        <Controller
          control={control}
          name="year"
          render={({ field }) => (
            <div className="mb-3">
              <label htmlFor="lead-year" className="form-label visually-hidden">
                Year
              </label>
              <select
                id="lead-year"
                ref={field.ref}
                name={field.name}
                className={`form-select form-select-lg${
                  show('year').showError && errors.year ? ' is-invalid' : ''
                }`}
                value={field.value === undefined ? '' : String(field.value)}
                aria-invalid={show('year').showError && errors.year !== undefined}
                aria-describedby={
                  show('year').showError && errors.year ? 'lead-year-error' : undefined
                }
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
                }
                onBlur={field.onBlur}
              >
                <option value="">Select the year</option>
                {wizardYearOptions.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
              {show('year').showError && errors.year ? (
                <div id="lead-year-error" className="invalid-feedback">
                  {errors.year.message}
                </div>
              ) : null}
            </div>
          )}
        />
      ) : null}

      {step === 1 ? (
        <Controller
          control={control}
          name="brand"
          render={({ field }) => (
            <ChoiceTiles
              legend="Brand"
              name={field.name}
              options={WIZARD_BRANDS}
              value={field.value}
              columns="row-cols-2 row-cols-md-3"
              firstInputRef={field.ref}
              onChange={(brand) => {
                if (brand === field.value) return;
                field.onChange(brand);
                // spec §2.6: another brand clears the model.
                setValue('model', '', { shouldDirty: true, shouldValidate: true });
              }}
              onBlur={field.onBlur}
              {...show('brand')}
            />
          )}
        />
      ) : null}

      {step === 2 ? (
        <Controller
          control={control}
          name="model"
          render={({ field }) => (
            <ChoiceTiles
              legend={`Model of ${brandLabel(values.brand)}`}
              name={field.name}
              options={modelsOf(values.brand).map((model) => ({ value: model, label: model }))}
              value={field.value}
              columns="row-cols-1 row-cols-sm-2"
              firstInputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...show('model')}
            />
          )}
        />
      ) : null}

      {step === 3 ? (
        <Controller
          control={control}
          name="ownerType"
          render={({ field }) => (
            <ChoiceTiles
              legend="Owner Type"
              name={field.name}
              options={WIZARD_OWNER_TYPES}
              value={field.value}
              columns="row-cols-1 row-cols-sm-2"
              firstInputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...show('ownerType')}
            />
          )}
        />
      ) : null}

      {step === 4 ? (
        <Controller
          control={control}
          name="transmission"
          render={({ field }) => (
            <ChoiceTiles
              legend="Transmission"
              name={field.name}
              options={TRANSMISSIONS}
              value={field.value}
              columns="row-cols-1 row-cols-sm-3"
              firstInputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...show('transmission')}
            />
          )}
        />
      ) : null}

      {step === 5 ? (
        <Controller
          control={control}
          name="fuelType"
          render={({ field }) => (
            <ChoiceTiles
              legend="Fuel Type"
              name={field.name}
              options={FUELS}
              value={field.value}
              columns="row-cols-2 row-cols-sm-3"
              firstInputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...show('fuelType')}
            />
          )}
        />
      ) : null}

      {step === 6 ? (
        <Controller
          control={control}
          name="seats"
          render={({ field }) => (
            <ChoiceTiles
              legend="Seats"
              name={field.name}
              options={wizardSeatOptions}
              value={field.value}
              columns="row-cols-2 row-cols-sm-3"
              firstInputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...show('seats')}
            />
          )}
        />
      ) : null}

      {isLast ? (
        <>
          <CarSummary values={values} />
          <WizardTextField
            label="Full Name"
            autoComplete="name"
            enterKeyHint="next"
            registration={register('fullName')}
            {...show('fullName')}
          />
          <WizardTextField
            label="City"
            autoComplete="address-level2"
            list="lead-form-cities"
            enterKeyHint="next"
            registration={register('city')}
            {...show('city')}
          />
          <datalist id="lead-form-cities">
            {NCR_CITIES.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
          <WizardTextField
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            enterKeyHint="next"
            placeholder="10-digit mobile number"
            registration={register('phoneNumber', {
              setValueAs: (raw: string) => normalizePhone(raw),
            })}
            {...show('phoneNumber')}
          />
          <WizardTextField
            label="Expected Price"
            inputMode="numeric"
            enterKeyHint="done"
            placeholder="In rupees, e.g. 450000"
            hint={
              price !== undefined && fieldError('price', { price }) === undefined
                ? formatInr(price)
                : undefined
            }
            registration={register('price', { setValueAs: parseAmount })}
            {...show('price')}
          />
          <ConsentCheck
            maxDealers={maxDealers}
            registration={register('consent')}
            {...show('consent')}
          />
        </>
      ) : null}

      <div className="d-flex gap-2 mt-4">
        <button
          type="button"
          className="btn btn-outline-secondary btn-lg flex-fill"
          disabled={step === 0}
          onClick={() => goTo(step - 1)}
        >
          Previous
        </button>
        {isLast ? (
          <button
            key="submit"
            type="submit"
            className="btn btn-success btn-lg flex-fill"
            disabled={!isValid || isSubmitting}
          >
            Submit
          </button>
        ) : (
          <button
            key="next"
            type="submit"
            className="btn btn-primary btn-lg flex-fill"
            disabled={!stepValid}
          >
            Next
          </button>
        )}
      </div>
    </form>
  );
}
