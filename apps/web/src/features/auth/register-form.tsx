// The sign-up form (docs/screens.md): every field and rule, invalid styling once touched, Submit only when valid.
import { useForm, type DefaultValues } from 'react-hook-form';
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
  const { register, handleSubmit, formState } = useForm<Registration>({
    mode: 'all',
    resolver: zodResolver(registrationFormSchema),
    defaultValues: emptyForm,
  });

  const field = fieldErrors(formState);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label="Sign up">
      <ErrorList errors={serverErrors} />
      <RequiredFieldsNote />
      <div className="row g-0 gx-md-3">
        <TextField
          className="col-md-6 mb-3"
          label="Username"
          autoComplete="username"
          required
          registration={register('userName')}
          {...field('userName')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="Name"
          autoComplete="name"
          required
          registration={register('Name')}
          {...field('Name')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="Email"
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          {...field('email')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          registration={register('phone')}
          {...field('phone')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label="Role"
          placeholder="Select a role"
          options={SIGNUP_ROLES}
          required
          registration={register('role')}
          {...field('role')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          registration={register('pincode')}
          {...field('pincode')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label="State"
          placeholder="Select a state"
          options={INDIAN_STATES}
          required
          registration={register('state')}
          {...field('state')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="City"
          autoComplete="address-level2"
          required
          registration={register('City')}
          {...field('City')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULE}
          registration={register('password', { deps: ['confirmPassword'] })}
          {...field('password')}
        />
        <TextField
          className="col-md-6 mb-3"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          {...field('confirmPassword')}
        />
      </div>
      <FormActions onCancel={onCancel} submitDisabled={!formState.isValid || submitting}>
        Submit
      </FormActions>
    </form>
  );
}
