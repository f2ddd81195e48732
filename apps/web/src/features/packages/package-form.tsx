// The package add/edit form (docs/screens.md): every package field with its rules; Status only when editing; Save only when valid.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Package, PackageInput } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import {
  fieldErrors,
  FormActions,
  SaveLabel,
  SelectField,
  statusOptions,
  TextField,
} from '../../components/form-fields';
import {
  packageFormSchema,
  packageFormValues,
  packageInputOf,
  packageUnitOptions,
  type PackageFormOutput,
  type PackageFormValues,
} from './package-form-schema';
import { packageTypeOptions } from './package-labels';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

export interface PackageFormProps {
  /** null: a new package. */
  pkg: Package | null;
  onSubmit: (input: PackageInput) => void;
  onCancel: () => void;
  saving: boolean;
  /** The API's field errors of the last attempt. */
  serverErrors?: readonly string[];
}

export function PackageForm({
  pkg,
  onSubmit,
  onCancel,
  saving,
  serverErrors = [],
}: PackageFormProps) {
  const t = useT(adminTexts);
  const editing = pkg !== null;
  const { register, handleSubmit, formState } = useForm<
    PackageFormValues,
    unknown,
    PackageFormOutput
  >({
    mode: 'all',
    resolver: zodResolver(packageFormSchema),
    defaultValues: packageFormValues(pkg),
  });

  const field = fieldErrors(formState);
  // Empty number boxes are NaN, which the schema reports as 'Package … is required'.
  const number = { valueAsNumber: true } as const;

  return (
    <form
      id="package-form"
      noValidate
      aria-label={editing ? t('editPackage') : t('addPackage')}
      onSubmit={(event) => void handleSubmit((values) => onSubmit(packageInputOf(values)))(event)}
    >
      <ErrorList errors={serverErrors} />
      <div className="row g-0 gx-md-3">
        <TextField
          className="col-md-6 mb-3"
          label={t('packageName')}
          registration={register('packageName')}
          {...field('packageName')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('packageCode')}
          autoComplete="off"
          registration={register('packageCode')}
          {...field('packageCode')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('packageType')}
          placeholder={t('selectAType')}
          options={packageTypeOptions}
          registration={register('packageType')}
          {...field('packageType')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('packageUnit')}
          placeholder={t('selectAUnit')}
          options={packageUnitOptions}
          registration={register('packageUnit')}
          {...field('packageUnit')}
        />
        <TextField
          className="col-md-4 mb-3"
          label={t('packageCredits')}
          type="number"
          inputMode="numeric"
          registration={register('packageCredits', number)}
          {...field('packageCredits')}
        />
        <TextField
          className="col-md-4 mb-3"
          label={t('validityDays')}
          type="number"
          inputMode="numeric"
          registration={register('packageValidity', number)}
          {...field('packageValidity')}
        />
        <TextField
          className="col-md-4 mb-3"
          label={t('priceInInr')}
          type="number"
          inputMode="numeric"
          registration={register('packagePrice', number)}
          {...field('packagePrice')}
        />
        {editing ? (
          <SelectField
            className="col-md-6 mb-3"
            label={t('status')}
            placeholder={t('selectAStatus')}
            options={statusOptions}
            registration={register('isActive')}
            {...field('isActive')}
          />
        ) : null}
      </div>
      {/* docs/rules.md: Save is disabled while the form is invalid or a request is in flight. */}
      <FormActions onCancel={onCancel} submitDisabled={!formState.isValid || saving}>
        <SaveLabel saving={saving} />
      </FormActions>
    </form>
  );
}
