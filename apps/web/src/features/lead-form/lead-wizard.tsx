// The nine-step lead submission form: one step at a time, each offering only what the chosen model had, then photos and
// the owner's details with the SMS code; Next only when the step is valid, Submit only when all is and the number proven.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type InputHTMLAttributes,
} from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_SETTINGS,
  leadSubmissionSchema,
  leadWizardMessages,
  phoneVerificationMessages,
  type LeadSubmission,
} from '@dealerleads/shared';
import {
  CITY_RTO_STATE,
  FUELS,
  NCR_CITIES,
  RTO_CODES,
  TRANSMISSIONS,
  WIZARD_OWNER_TYPES,
  findCity,
} from '@dealerleads/shared/catalogues';
import { ErrorList } from '../../components/error-list';
import { MarketGuideLine, type GuideCar } from '../../components/market-guide';
import { formatInr } from '../../lib/format';
import { ChoiceTiles } from './choice-tiles';
import { ConsentCheck } from './consent-check';
import {
  BRAND_OPTIONS,
  brandLabel,
  fieldError,
  isStepValid,
  modelsOf,
  normalizePhone,
  parseAmount,
  PHOTO_STEP,
  stepOfFirst,
  wizardChoices,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  type LeadWizardValues,
  type WizardField,
} from './lead-wizard-steps';
import { FieldFeedback, WizardSelect } from './wizard-select';
import { PhoneCodeFields, phoneCodeMessage, usePhoneVerification } from './phone-code';
import { PhotoPicker, type ChosenPhoto } from './wizard-photos';
import type { SubmissionProblem } from './submission-problem';
import { wizardTexts } from '../../i18n/en/lead-form';
import { useT } from '../../i18n/runtime';
import { kmText, optionText, seatsText, stepTitle } from './wizard-texts';

const schemaResolver = zodResolver(leadSubmissionSchema);

/** The shared schema, plus the kilometres the wizard asks for (optional to the API). */
const wizardResolver: Resolver<LeadWizardValues, unknown, LeadSubmission> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  if (values.kmDriven !== undefined && values.kmDriven !== null) return result;
  return {
    values: {},
    errors: {
      ...result.errors,
      kmDriven: { type: 'required', message: leadWizardMessages.kmDriven },
    },
  };
};

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
  /** The photos picked on the photo step, kept by the page for the uploads after the lead exists. */
  photos?: readonly ChosenPhoto[];
  onPhotosChange?: (photos: ChosenPhoto[]) => void;
}

type TextFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  showError: boolean;
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'list' | 'enterKeyHint' | 'placeholder' | 'readOnly'
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
      <FieldFeedback
        errorId={`${id}-error`}
        error={invalid ? error : undefined}
        hintId={`${id}-hint`}
        hint={hint}
      />
    </div>
  );
}

/** One line saying which car this is, shown above the contact details. */
function CarSummary({ values }: { values: Partial<LeadWizardValues> }) {
  const t = useT(wizardTexts);
  const km = parseAmount(values.kmDriven);
  const label = (
    kind: 'fuel' | 'owner' | 'transmission',
    options: readonly { value: string; label: string }[],
    value: string | undefined,
  ) => {
    const option = options.find((o) => o.value === value);
    return option ? optionText(kind, option) : undefined;
  };
  const parts = [
    values.year,
    brandLabel(values.brand),
    values.model,
    values.varient ?? undefined,
    label('owner', WIZARD_OWNER_TYPES, values.ownerType),
    km === undefined || Number.isNaN(km) ? undefined : kmText(km),
    label('transmission', TRANSMISSIONS, values.transmission),
    label('fuel', FUELS, values.fuelType),
    values.seats === undefined ? undefined : seatsText(values.seats),
  ].filter((part) => part !== undefined && part !== '');
  return (
    <p className="alert alert-light border py-2 mb-3" aria-label={t('yourCar')}>
      <i className="bi bi-car-front me-2" aria-hidden="true" />
      {parts.join(' · ')}
    </p>
  );
}

export function LeadWizard({
  onSubmit,
  maxDealers = DEFAULT_SETTINGS.maxDealersPerLead,
  photos: givenPhotos,
  onPhotosChange,
}: LeadWizardProps) {
  const t = useT(wizardTexts);
  const [ownPhotos, setOwnPhotos] = useState<ChosenPhoto[]>([]);
  const photos = givenPhotos ?? ownPhotos;
  const setPhotos = onPhotosChange ?? setOwnPhotos;
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isValid },
  } = useForm<LeadWizardValues, unknown, LeadSubmission>({
    mode: 'all',
    resolver: wizardResolver,
    defaultValues: emptyWizard,
  });
  const values = useWatch({ control }) as Partial<LeadWizardValues>;
  const choices = wizardChoices(values);
  const km = parseAmount(values.kmDriven);
  const cityRto =
    typeof values.city === 'string' ? CITY_RTO_STATE[findCity(values.city) ?? ''] : undefined;

  // A choice the car chosen since no longer allows is dropped (a 2018 Nexon has no 'Fearless', an EV no diesel), and a
  // step with one possible answer is answered.
  const { years, variants, fuels, transmissions, seats } = choices;
  useEffect(() => {
    const keep = (
      name: 'year' | 'varient' | 'fuelType' | 'transmission' | 'seats',
      allowed: readonly (string | number)[],
    ) => {
      const value = values[name];
      if (value !== undefined && value !== '' && value !== null && !allowed.includes(value)) {
        setValue(name, undefined, { shouldValidate: true });
      } else if (
        (value === undefined || value === '') &&
        allowed.length === 1 &&
        name !== 'varient'
      ) {
        setValue(name, allowed[0] as never, { shouldValidate: true });
      }
    };
    if (!values.model) return;
    keep('year', years);
    keep('varient', variants);
    keep(
      'fuelType',
      fuels.map((f) => f.value),
    );
    keep(
      'transmission',
      transmissions.map((t) => t.value),
    );
    keep(
      'seats',
      seats.map((n) => n.value),
    );
  }, [values, years, variants, fuels, transmissions, seats, setValue]);
  const [step, setStep] = useState(0);
  // When the wizard opened: the submission says how long it took (a form filled faster than a person can is a bot's).
  const [openedAt] = useState(() => Date.now());
  const phoneCode = usePhoneVerification();
  const verificationToken = phoneCode.tokenFor(values.phoneNumber);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // On a phone the buttons stick to the bottom of the screen; a field the focus reaches under them scrolls clear (the
  // browser's own focus scroll counts it visible there).
  const keepFocusClear = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    requestAnimationFrame(() => {
      const bar = actionsRef.current;
      if (!bar || bar.contains(target) || getComputedStyle(bar).position !== 'sticky') return;
      const overlap = target.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (overlap > 0) window.scrollBy({ top: overlap + 16 });
    });
  };

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
    const fillSeconds = Math.min(86_400, Math.round((Date.now() - openedAt) / 1000));
    const problem = await onSubmit({ ...submission, verificationToken, fillSeconds });
    if (!problem) return;
    // A token the API no longer takes (it lasts 30 minutes): the owner asks for a new code.
    if (
      problem.messages.some(
        (message) =>
          message === phoneVerificationMessages.verifyFirst ||
          message === phoneVerificationMessages.otherNumber,
      )
    ) {
      phoneCode.reset();
    }
    setServerErrors(problem.messages.map(phoneCodeMessage));
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
  // The guide for the car chosen so far (brand, model and year at least), shown under the price.
  const guideCar: GuideCar | undefined =
    typeof values.brand === 'string' &&
    typeof values.model === 'string' &&
    typeof values.year === 'number'
      ? {
          brand: values.brand,
          model: values.model,
          year: values.year,
          fuelType: typeof values.fuelType === 'string' ? values.fuelType : undefined,
          transmission: typeof values.transmission === 'string' ? values.transmission : undefined,
          kmDriven: typeof values.kmDriven === 'number' ? values.kmDriven : undefined,
        }
      : undefined;

  return (
    <form noValidate onSubmit={submitForm} onFocus={keepFocusClear} aria-label={t('form')}>
      <div className="mb-3">
        <p className="mb-1 small fw-semibold text-body-secondary" aria-live="polite">
          {t('stepOf', { step: step + 1, count: WIZARD_STEP_COUNT })}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('progress')}
          aria-valuemin={1}
          aria-valuemax={WIZARD_STEP_COUNT}
          aria-valuenow={step + 1}
          aria-valuetext={t('stepOf', { step: step + 1, count: WIZARD_STEP_COUNT })}
          style={{ height: '0.5rem' }}
        >
          <div
            className="progress-bar"
            style={{ width: `${((step + 1) / WIZARD_STEP_COUNT) * 100}%` }}
          />
        </div>
      </div>

      <h2 className="h4 mb-3" ref={headingRef} tabIndex={-1}>
        {stepTitle(step, current.title)}
      </h2>

      <ErrorList errors={serverErrors} />

      {step === 0 ? (
        <Controller
          control={control}
          name="brand"
          render={({ field }) => (
            <ChoiceTiles
              legend={t('brand')}
              name={field.name}
              options={BRAND_OPTIONS}
              value={field.value}
              columns="row-cols-2 row-cols-md-3"
              firstInputRef={field.ref}
              onChange={(brand) => {
                if (brand === field.value) return;
                field.onChange(brand);
                // Another brand clears the model (and with it everything chosen for it).
                setValue('model', '', { shouldDirty: true, shouldValidate: true });
              }}
              onBlur={field.onBlur}
              {...show('brand')}
            />
          )}
        />
      ) : null}

      {step === 1 ? (
        <Controller
          control={control}
          name="model"
          render={({ field }) => (
            <ChoiceTiles
              legend={t('modelOf', { brand: brandLabel(values.brand) })}
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

      {step === 2 ? (
        <>
          <Controller
            control={control}
            name="year"
            render={({ field }) => (
              <WizardSelect
                id="lead-year"
                label={t('year')}
                placeholder={t('selectYear')}
                fieldRef={field.ref}
                name={field.name}
                value={field.value === undefined ? '' : String(field.value)}
                options={choices.years.map((year) => ({
                  value: String(year),
                  label: String(year),
                }))}
                onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                onBlur={field.onBlur}
                {...show('year')}
              />
            )}
          />
          {choices.variants.length > 0 ? (
            <Controller
              control={control}
              name="varient"
              render={({ field }) => (
                <WizardSelect
                  id="lead-variant"
                  label={t('variant')}
                  placeholder={t('notSure')}
                  visibleLabel
                  hint={t('variantHint')}
                  fieldRef={field.ref}
                  name={field.name}
                  value={field.value ?? ''}
                  options={choices.variants.map((v) => ({ value: v, label: v }))}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  {...show('varient')}
                />
              )}
            />
          ) : null}
        </>
      ) : null}

      {step === 3 ? (
        <Controller
          control={control}
          name="fuelType"
          render={({ field }) => (
            <ChoiceTiles
              legend={t('fuelType')}
              name={field.name}
              options={choices.fuels.map((o) => ({ ...o, label: optionText('fuel', o) }))}
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

      {step === 4 ? (
        <Controller
          control={control}
          name="transmission"
          render={({ field }) => (
            <ChoiceTiles
              legend={t('transmission')}
              name={field.name}
              options={choices.transmissions.map((o) => ({
                ...o,
                label: optionText('transmission', o),
              }))}
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
          name="seats"
          render={({ field }) => (
            <ChoiceTiles
              legend={t('seats')}
              name={field.name}
              options={choices.seats.map((o) => ({ ...o, label: seatsText(o.value) }))}
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

      {step === 6 ? (
        <>
          <Controller
            control={control}
            name="ownerType"
            render={({ field }) => (
              <ChoiceTiles
                legend={t('ownerType')}
                name={field.name}
                options={WIZARD_OWNER_TYPES.map((o) => ({ ...o, label: optionText('owner', o) }))}
                value={field.value}
                columns="row-cols-1 row-cols-sm-2"
                firstInputRef={field.ref}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...show('ownerType')}
              />
            )}
          />
          <div className="mt-3">
            <WizardTextField
              label={t('kmDriven')}
              inputMode="numeric"
              enterKeyHint="next"
              placeholder={t('kmPlaceholder')}
              hint={
                km !== undefined && fieldError('kmDriven', { kmDriven: km }) === undefined
                  ? kmText(km)
                  : undefined
              }
              registration={register('kmDriven', { setValueAs: parseAmount })}
              {...show('kmDriven')}
            />
          </div>
        </>
      ) : null}

      {step === PHOTO_STEP ? <PhotoPicker photos={photos} onChange={setPhotos} /> : null}

      {isLast ? (
        <>
          <CarSummary values={values} />
          <WizardTextField
            label={t('fullName')}
            autoComplete="name"
            enterKeyHint="next"
            registration={register('fullName')}
            {...show('fullName')}
          />
          <WizardTextField
            label={t('city')}
            autoComplete="address-level2"
            list="lead-form-cities"
            enterKeyHint="next"
            placeholder={t('cityPlaceholder')}
            registration={register('city', {
              // 'gurgaon' becomes the catalogue's 'Gurugram' once the owner leaves the field.
              onBlur: (event: { target: { value: string } }) => {
                const city = findCity(event.target.value);
                if (city && city !== event.target.value) {
                  setValue('city', city, { shouldValidate: true });
                }
              },
            })}
            {...show('city')}
          />
          <datalist id="lead-form-cities">
            {NCR_CITIES.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
          <WizardTextField
            label={t('phoneNumber')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            enterKeyHint="next"
            placeholder={t('phonePlaceholder')}
            readOnly={phoneCode.state.stage !== 'idle'}
            registration={register('phoneNumber', {
              setValueAs: (raw: string) => normalizePhone(raw),
            })}
            {...show('phoneNumber')}
          />
          <PhoneCodeFields
            control={phoneCode}
            phoneNumber={
              fieldError('phoneNumber', values) === undefined ? values.phoneNumber : undefined
            }
            onChangeNumber={() => {
              phoneCode.reset();
              setFocus('phoneNumber', { shouldSelect: true });
            }}
          />
          <WizardTextField
            label={t('expectedPrice')}
            inputMode="numeric"
            enterKeyHint="done"
            placeholder={t('pricePlaceholder')}
            hint={
              price !== undefined && fieldError('price', { price }) === undefined
                ? formatInr(price)
                : undefined
            }
            registration={register('price', { setValueAs: parseAmount })}
            {...show('price')}
          />
          <MarketGuideLine car={guideCar} />
          <Controller
            control={control}
            name="rto"
            render={({ field }) => (
              <WizardSelect
                id="lead-rto"
                label={t('rto')}
                visibleLabel
                placeholder={cityRto ? t('sameAsCityCode', { code: cityRto }) : t('sameAsCity')}
                fieldRef={field.ref}
                name={field.name}
                value={field.value ?? ''}
                options={RTO_CODES.map((r) => ({
                  value: r.value,
                  label: t(`rto.${r.value}`),
                }))}
                onChange={(value) => field.onChange(value === '' ? undefined : value)}
                onBlur={field.onBlur}
                {...show('rto')}
              />
            )}
          />
          <ConsentCheck
            maxDealers={maxDealers}
            registration={register('consent')}
            {...show('consent')}
          />
        </>
      ) : null}

      {isLast && isValid && !verificationToken ? (
        <p className="small text-body-secondary mt-3 mb-0">{t('verifyToSubmit')}</p>
      ) : null}

      {/* On a phone this row sticks to the bottom of the screen (styles.css, .wizard-actions). */}
      <div ref={actionsRef} className="wizard-actions d-flex gap-2 mt-4">
        <button
          type="button"
          className="btn btn-outline-secondary btn-lg flex-fill"
          disabled={step === 0}
          onClick={() => goTo(step - 1)}
        >
          {t('previous')}
        </button>
        {isLast ? (
          <button
            key="submit"
            type="submit"
            className="btn btn-success btn-lg flex-fill"
            disabled={!isValid || isSubmitting || verificationToken === undefined}
          >
            {t('submit')}
          </button>
        ) : (
          <button
            key="next"
            type="submit"
            className="btn btn-primary btn-lg flex-fill"
            disabled={!stepValid}
          >
            {t('next')}
          </button>
        )}
      </div>
    </form>
  );
}
