// Sign-up screen (dealers/register, docs/screens.md): the form, the call, and the way on to signup-success.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Registration } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { formSubmitErrors } from '../../lib/report-error';
import { useRegister } from './api/register';
import { RegisterForm } from './register-form';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

export const REGISTRATION_FAILED_TEXT = pagesTexts.en.registrationFailed;

export function RegisterPage() {
  const t = useT(pagesTexts);
  const navigate = useNavigate();
  const registration = useRegister();
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  const submit = (values: Registration) => {
    setServerErrors([]);
    registration.mutate(values, {
      onSuccess: () => void navigate(paths.signupSuccess),
      onError: (error) => setServerErrors(formSubmitErrors(error, t('registrationFailed'))),
    });
  };

  return (
    <section className="container py-3 auth-card auth-card-wide">
      <h1 className="h3 mb-3 text-center">{t('signUp')}</h1>
      <RegisterForm
        onSubmit={submit}
        onCancel={() => void navigate(paths.root)}
        serverErrors={serverErrors}
        submitting={registration.isPending}
      />
    </section>
  );
}
