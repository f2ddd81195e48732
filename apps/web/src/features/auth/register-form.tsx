// The sign-up form (docs/screens.md): every field and rule, invalid styling once touched, Submit only when valid.
import { useForm, type DefaultValues } from 'react-hook-form';
import { roleName } from '../../lib/role-name';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, SIGNUP_ROLES, type Registration } from '@dealerleads/shared';
import { INDIAN_STATES } from '@dealerleads/shared/catalogues';
import { ErrorList } from '../../components/error-list';
import {
  fieldErrors,
  FormActions,
  RequiredFieldsNote,
  SelectField,
  TextField,
} from '../../components/form-fields';
import { registrationFormSchema } from './register-form-schema';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

export const PASSWORD_RULE = `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters.`;

const emptyForm: DefaultValues<Registration> = {
  userName: '',
  Name: '',
  email: '',
  phone: '',
  pincode: '',
  City: '',
  password: '',
  confirmPassword: '',
};

export interface RegisterFormProps {
  onSubmit: (registration: Registration) => void;
  onCancel: () => void;
  /** The registration error of the last attempt, listed in a danger alert. */
  serverErrors: readonly string[];
  submitting?: boolean;
}

export function RegisterForm({
  onSubmit,
  onCancel,
  serverErrors,
  submitting = false,
}: RegisterFormProps) {
  const t = useT(pagesTexts);
  const { register, handleSubmit, formState } = useForm<Registration>({
    mode: 'all',
    resolver: zodResolver(registrationFormSchema),
    defaultValues: emptyForm,
  });

  const field = fieldErrors(formState);

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label={t('signUp')}
    >
      <ErrorList errors={serverErrors} />
      <RequiredFieldsNote />
      <div className="row g-0 gx-md-3">
        <TextField
          className="col-md-6 mb-3"
          label={t('username')}
          autoComplete="username"
          required
          registration={register('userName')}
          {...field('userName')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('name')}
          autoComplete="name"
          required
          registration={register('Name')}
          {...field('Name')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('email')}
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          {...field('email')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          registration={register('phone')}
          {...field('phone')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('role')}
          placeholder={t('selectRole')}
          options={SIGNUP_ROLES.map((role) => ({ value: role, label: roleName(role) }))}
          required
          registration={register('role')}
          {...field('role')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('pincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          registration={register('pincode')}
          {...field('pincode')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('state')}
          placeholder={t('selectState')}
          options={INDIAN_STATES}
          required
          registration={register('state')}
          {...field('state')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('city')}
          autoComplete="address-level2"
          required
          registration={register('City')}
          {...field('City')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('password')}
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULE}
          registration={register('password', { deps: ['confirmPassword'] })}
          {...field('password')}
        />
        <TextField
          className="col-md-6 mb-3"
          label={t('confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          {...field('confirmPassword')}
        />
      </div>
      <FormActions onCancel={onCancel} submitDisabled={!formState.isValid || submitting}>
        {t('submit')}
      </FormActions>
    </form>
  );
}
