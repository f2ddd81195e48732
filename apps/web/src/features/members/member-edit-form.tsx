// The member edit form (docs/screens.md): Save only once changed, the unsaved-changes banner, errors as a bulleted list, the leave guard.
import { useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, type Member, type MemberUpdate } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import { FieldShell, fieldErrors, FormActions, TextField } from '../../components/form-fields';
import { UnsavedChangesAlert } from '../../components/unsaved-changes-alert';
import { useConfirmLeave } from '../../hooks/use-confirm-leave';
import {
  memberEditFieldOrder,
  memberEditFormSchema,
  memberFormValues,
  memberUpdateOf,
  type MemberEditFormOutput,
  type MemberEditFormValues,
} from './member-edit-form-schema';
import { membersTexts } from '../../i18n/en/members';
import { roleName } from '../../lib/role-name';
import { useT } from '../../i18n/runtime';

export const OWN_ROLE_AND_STATUS_TEXT = membersTexts.en.ownRoleAndStatus;

/**
 * - `editable`: an Admin editing someone else.
 * - `locked`: an Admin editing themselves: shown, not sent (the last Admin must not lock everyone out).
 * - `hidden`: a member editing their own profile (docs/deviations.md).
 */
export type RoleAndStatusAccess = 'editable' | 'locked' | 'hidden';

export interface MemberEditFormProps {
  member: Member;
  roleAndStatus: RoleAndStatusAccess;
  /** Saves the changes; resolves with the saved member, or null when the save failed. */
  onSave: (changes: MemberUpdate) => Promise<Member | null>;
  onCancel: () => void;
  /** The last save's errors (field errors of the API, or its text). */
  serverErrors?: readonly string[];
  saving?: boolean;
}

export function MemberEditForm({
  member,
  roleAndStatus,
  onSave,
  onCancel,
  serverErrors = [],
  saving = false,
}: MemberEditFormProps) {
  const t = useT(membersTexts);
  const values = useMemo(() => memberFormValues(member), [member]);
  const { register, handleSubmit, reset, formState } = useForm<
    MemberEditFormValues,
    unknown,
    MemberEditFormOutput
  >({
    mode: 'all',
    resolver: zodResolver(memberEditFormSchema),
    // A newer record (a refetch, a save) becomes the starting point; fields being edited keep their text.
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, touchedFields, isSubmitted, isDirty, isSubmitting } = formState;
  useConfirmLeave(isDirty && !isSubmitting);

  const shown = (name: FieldPath<MemberEditFormValues>) =>
    (Boolean(touchedFields[name]) || isSubmitted) && errors[name] !== undefined;
  const clientErrors = memberEditFieldOrder
    .filter((name) => shown(name))
    .map((name) => errors[name]?.message)
    .filter((message): message is string => Boolean(message));

  const submit = handleSubmit(async (output) => {
    const saved = await onSave(
      memberUpdateOf(output, { includeRoleAndStatus: roleAndStatus === 'editable' }),
    );
    // Saved: the saved record is the new starting point and the form is clean again (the
    // password box included, which `resetOptions` alone would keep as a dirty value).
    if (saved) reset(memberFormValues(saved), { keepDirtyValues: false });
  });

  const field = fieldErrors(formState);
  // Errors are listed above the form, so the fields are only styled invalid.
  const cell = { className: 'col-md-6 mb-3', hideFeedback: true } as const;

  return (
    <form noValidate aria-label={t('formLabel')} onSubmit={(event) => void submit(event)}>
      <UnsavedChangesAlert show={isDirty} />
      <ErrorList errors={[...clientErrors, ...serverErrors]} />
      <div className="row g-0 gx-md-3">
        <TextField
          {...cell}
          label={t('name')}
          autoComplete="name"
          registration={register('name')}
          {...field('name')}
        />
        <FieldShell {...cell} label={t('username')}>
          {({ id }) => (
            <input id={id} className="form-control" value={member.userName} readOnly disabled />
          )}
        </FieldShell>
        <TextField
          {...cell}
          label={t('city')}
          autoComplete="address-level2"
          registration={register('city')}
          {...field('city')}
        />
        <TextField
          {...cell}
          label={t('pincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          registration={register('pincode')}
          {...field('pincode')}
        />
        <TextField
          {...cell}
          label={t('phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          registration={register('phone')}
          {...field('phone')}
        />
        <TextField
          {...cell}
          label={t('email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          {...field('email')}
        />
        {roleAndStatus === 'editable' ? (
          <>
            <FieldShell {...cell} label={t('role')} {...field('role')}>
              {({ id, invalid }) => (
                <select
                  id={id}
                  className={`form-select${invalid ? ' is-invalid' : ''}`}
                  {...register('role')}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleName(role)}
                    </option>
                  ))}
                </select>
              )}
            </FieldShell>
            <FieldShell {...cell} label={t('status')} {...field('status')}>
              {({ id, invalid }) => (
                <select
                  id={id}
                  className={`form-select${invalid ? ' is-invalid' : ''}`}
                  {...register('status')}
                >
                  <option value="true">{t('active')}</option>
                  <option value="false">{t('inactive')}</option>
                </select>
              )}
            </FieldShell>
          </>
        ) : null}
        {roleAndStatus === 'locked' ? (
          <>
            <FieldShell {...cell} label={t('role')}>
              {({ id }) => (
                <input
                  id={id}
                  className="form-control"
                  value={roleName(member.role)}
                  readOnly
                  disabled
                  aria-describedby="own-role-status-hint"
                />
              )}
            </FieldShell>
            <FieldShell {...cell} label={t('status')}>
              {({ id }) => (
                <input
                  id={id}
                  className="form-control"
                  value={member.status ? t('active') : t('inactive')}
                  readOnly
                  disabled
                  aria-describedby="own-role-status-hint"
                />
              )}
            </FieldShell>
            <p id="own-role-status-hint" className="form-text mt-n2 mb-3">
              {t('ownRoleAndStatus')}
            </p>
          </>
        ) : null}
        <TextField
          {...cell}
          label={t('password')}
          type="password"
          autoComplete="new-password"
          placeholder={t('passwordPlaceholder')}
          registration={register('password')}
          {...field('password')}
        />
      </div>
      <FormActions
        onCancel={onCancel}
        submitDisabled={!isDirty || saving}
        submitClassName="btn btn-success"
      >
        {t('saveChanges')}
      </FormActions>
    </form>
  );
}
