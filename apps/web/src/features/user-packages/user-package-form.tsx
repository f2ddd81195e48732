// The user-package form (docs/screens.md): user, package, start date and credits debited; the rest derived and read-only.
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  apiMessages,
  userPackageMessages,
  type MemberDropdownItem,
  type PackageDropdownItem,
  type UserPackage,
  type UserPackageInput,
} from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import {
  fieldErrors,
  FormActions,
  SaveLabel,
  SelectField,
  statusOptions,
  TextField,
} from '../../components/form-fields';
import { naturalCompare, Typeahead } from '../../components/typeahead';
import { formatMediumDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { usePackage } from './api/get-package';
import { deriveUserPackage } from './derive-user-package';
import {
  userPackageFormSchema,
  userPackageFormValues,
  userPackageInputOf,
  type UserPackageFormOutput,
  type UserPackageFormValues,
} from './user-package-form-schema';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

export const userPackageTexts = liveTexts(adminTexts, 'userPackage.');

export interface UserPackageFormProps {
  /** null: a new assignment. */
  row: UserPackage | null;
  users: readonly MemberDropdownItem[];
  /** The active packages. */
  packages: readonly PackageDropdownItem[];
  /** 'YYYY-MM-DD', the default start date of a new assignment. */
  today: string;
  onSubmit: (input: UserPackageInput) => void;
  onCancel: () => void;
  saving: boolean;
  serverErrors?: readonly string[];
}

function ReadOnlyField({ label, value }: { label: string; value: string | number | undefined }) {
  const id = useId();
  return (
    <div className="col-6 col-md-4 mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className="form-control bg-body-secondary"
        value={value ?? ''}
        placeholder="—"
        readOnly
        tabIndex={-1}
      />
    </div>
  );
}

export function UserPackageForm({
  row,
  users,
  packages,
  today,
  onSubmit,
  onCancel,
  saving,
  serverErrors = [],
}: UserPackageFormProps) {
  const t = useT(adminTexts);
  const editing = row !== null;
  const { register, handleSubmit, control, formState, trigger } = useForm<
    UserPackageFormValues,
    unknown,
    UserPackageFormOutput
  >({
    mode: 'all',
    resolver: zodResolver(userPackageFormSchema),
    defaultValues: userPackageFormValues(row, today),
  });
  const [packageId, startDate, creditDebited] = useWatch({
    control,
    name: ['packageId', 'startDate', 'creditDebited'],
  });
  const chosen = usePackage(packageId);
  const derived = deriveUserPackage(chosen.data, startDate, creditDebited);
  const overDebited = derived.balance !== undefined && derived.balance < 0;

  const field = fieldErrors(formState);
  const number = { valueAsNumber: true } as const;

  // Found by user name, name or phone; listed in natural order of name, then user name.
  const userOptions = [...users]
    .sort((a, b) => naturalCompare(a.name, b.name) || naturalCompare(a.userName, b.userName))
    .map((user) => ({
      value: String(user.id),
      label: `${user.name} (${user.userName})`,
      keywords: user.phone ?? '',
    }));
  const packageOptions = packages.map((pkg) => ({ value: String(pkg.id), label: pkg.packageName }));
  // An assignment may keep a package retired since (the API allows it); the dropdown lists active ones only.
  if (row && !packages.some((pkg) => pkg.id === row.packageId)) {
    packageOptions.unshift({
      value: String(row.packageId),
      label: `${row.packageName ?? userPackageTexts.unknown} (inactive)`,
    });
  }
  if (row && !users.some((user) => user.id === row.userId)) {
    userOptions.unshift({
      value: String(row.userId),
      label: row.userName ?? userPackageTexts.unknown,
      keywords: '',
    });
  }

  const submit = handleSubmit(
    (values) => {
      // The API refuses it too; saying so here saves a round trip.
      if (overDebited) return;
      onSubmit(userPackageInputOf(values));
    },
    () => notify.warning(userPackageMessages.fillRequired),
  );

  return (
    <form
      noValidate
      aria-label={editing ? t('editUserPackage') : t('addUserPackage')}
      onSubmit={(event) => void submit(event)}
    >
      <ErrorList errors={serverErrors} />
      <div className="row g-0 gx-md-3">
        <Controller
          control={control}
          name="userId"
          render={({ field: userId }) => (
            <Typeahead
              className="col-md-6 mb-3"
              label={t('user')}
              placeholder={t('typeANameUser')}
              options={userOptions}
              value={
                userId.value === undefined || Number.isNaN(userId.value) ? '' : String(userId.value)
              }
              onChange={(value) => {
                userId.onChange(value === '' ? Number.NaN : Number(value));
                void trigger('userId');
              }}
              onBlur={userId.onBlur}
              {...field('userId')}
            />
          )}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('package')}
          placeholder={t('selectAPackage')}
          options={packageOptions}
          registration={register('packageId', number)}
          {...field('packageId')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('startDate')}
          type="date"
          registration={register('startDate')}
          {...field('startDate')}
        />
        <div className="col-md-6 mb-3">
          <TextField
            className=""
            label={t('creditsDebited')}
            type="number"
            inputMode="numeric"
            registration={register('creditDebited', number)}
            {...field('creditDebited')}
            {...(overDebited ? { error: apiMessages.creditDebitedTooHigh, showError: true } : {})}
          />
        </div>
      </div>
      <fieldset className="border-top pt-3">
        <legend className="visually-hidden">{t('fromThePackage')}</legend>
        <div className="row g-0 gx-3">
          <ReadOnlyField label={t('credits')} value={derived.credits} />
          <ReadOnlyField label={t('unit')} value={derived.unit} />
          <ReadOnlyField label={t('validityDays')} value={derived.validity} />
          <ReadOnlyField
            label={t('endDate')}
            value={derived.endDate ? formatMediumDate(derived.endDate) : undefined}
          />
          <ReadOnlyField label={t('balanceCredits')} value={derived.balance} />
          {editing ? (
            <SelectField
              className="col-6 col-md-4 mb-3"
              label={t('status')}
              placeholder={t('selectAStatus')}
              options={statusOptions}
              registration={register('isActive')}
              {...field('isActive')}
            />
          ) : null}
        </div>
      </fieldset>
      {chosen.isError ? (
        <p className="text-danger small">{userPackageTexts.packageLoadFailed}</p>
      ) : null}
      <FormActions onCancel={onCancel} submitDisabled={saving}>
        <SaveLabel saving={saving} />
      </FormActions>
    </form>
  );
}
