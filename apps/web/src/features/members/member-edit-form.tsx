// The member edit form (spec §2.10): Save only once changed, the unsaved-changes banner, errors as a bulleted list, the leave guard.
import { useId, useMemo, type ReactNode } from 'react';
import { useForm, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, type Member, type MemberUpdate } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
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

export const OWN_ROLE_AND_STATUS_TEXT = 'You cannot change your own role or status.';

/**
 * - `editable`: an Admin editing someone else.
 * - `locked`: an Admin editing themselves: shown, not sent (the last Admin must not lock everyone out).
 * - `hidden`: a member editing their own profile (design.md §9.6).
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

function Field({
  label,
  invalid,
  children,
}: {
  label: string;
  invalid: boolean;
  children: (id: string, className: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="col-md-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children(id, invalid ? ' is-invalid' : '')}
    </div>
  );
}

export function MemberEditForm({
  member,
  roleAndStatus,
  onSave,
  onCancel,
  serverErrors = [],
  saving = false,
}: MemberEditFormProps) {
  const values = useMemo(() => memberFormValues(member), [member]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, touchedFields, isSubmitted, isDirty, isSubmitting },
  } = useForm<MemberEditFormValues, unknown, MemberEditFormOutput>({
    mode: 'all',
    resolver: zodResolver(memberEditFormSchema),
    // A newer record (a refetch, a save) becomes the starting point; fields being edited keep their text.
    values,
    resetOptions: { keepDirtyValues: true },
  });
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

  const input = (
    name: FieldPath<MemberEditFormValues>,
    label: string,
    registration: UseFormRegisterReturn,
    extra: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'numeric';
      placeholder?: string;
    } = {},
  ) => (
    <Field label={label} invalid={shown(name)}>
      {(id, invalid) => (
        <input
          id={id}
          type={extra.type ?? 'text'}
          className={`form-control${invalid}`}
          aria-invalid={shown(name)}
          autoComplete={extra.autoComplete}
          inputMode={extra.inputMode}
          placeholder={extra.placeholder}
          {...registration}
        />
      )}
    </Field>
  );

  return (
    <form noValidate aria-label="Update User's Details" onSubmit={(event) => void submit(event)}>
      <UnsavedChangesAlert show={isDirty} />
      <ErrorList errors={[...clientErrors, ...serverErrors]} />
      <div className="row g-0 gx-md-3">
        {input('name', 'Name', register('name'), { autoComplete: 'name' })}
        <Field label="Username" invalid={false}>
          {(id) => (
            <input id={id} className="form-control" value={member.userName} readOnly disabled />
          )}
        </Field>
        {input('city', 'City', register('city'), { autoComplete: 'address-level2' })}
        {input('pincode', 'Pincode', register('pincode'), {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
        })}
        {input('phone', 'Phone', register('phone'), {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
        })}
        {input('email', 'Email', register('email'), { type: 'email', autoComplete: 'email' })}
        {roleAndStatus === 'editable' ? (
          <>
            <Field label="Role" invalid={shown('role')}>
              {(id, invalid) => (
                <select id={id} className={`form-select${invalid}`} {...register('role')}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Status" invalid={shown('status')}>
              {(id, invalid) => (
                <select id={id} className={`form-select${invalid}`} {...register('status')}>
                  <option value="true">Active</option>
                  <option value="false">Inactive</option>
                </select>
              )}
            </Field>
          </>
        ) : null}
        {roleAndStatus === 'locked' ? (
          <>
            <Field label="Role" invalid={false}>
              {(id) => (
                <input
                  id={id}
                  className="form-control"
                  value={member.role}
                  readOnly
                  disabled
                  aria-describedby="own-role-status-hint"
                />
              )}
            </Field>
            <Field label="Status" invalid={false}>
              {(id) => (
                <input
                  id={id}
                  className="form-control"
                  value={member.status ? 'Active' : 'Inactive'}
                  readOnly
                  disabled
                  aria-describedby="own-role-status-hint"
                />
              )}
            </Field>
            <p id="own-role-status-hint" className="form-text mt-n2 mb-3">
              {OWN_ROLE_AND_STATUS_TEXT}
            </p>
          </>
        ) : null}
        {input('password', 'Password', register('password'), {
          type: 'password',
          autoComplete: 'new-password',
          placeholder: 'Leave blank to keep the current password',
        })}
      </div>
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-success" disabled={!isDirty || saving}>
          Save Changes
        </button>
      </div>
    </form>
  );
}
