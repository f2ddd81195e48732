// Test errors (errors, docs/screens.md): five buttons that trigger each branch of the HTTP error catalogue.
import { useState } from 'react';
import { ErrorList } from '../../components/error-list';
import { formErrorMessages } from '../../lib/api-error';
import { useTestError, type TestErrorKind } from './api/get-test-error';
import { usePostInvalidRegistration } from './api/post-invalid-registration';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

const buttons: { kind: TestErrorKind; label: string }[] = [
  { kind: 'bad-request', label: 'Test 400 Error' },
  { kind: 'auth', label: 'Test 401 Error' },
  { kind: 'not-found', label: 'Test 404 Error' },
  { kind: 'server-error', label: 'Test 500 Error' },
];

export function TestErrorsPage() {
  const t = useT(pagesTexts);
  const testError = useTestError();
  const invalidRegistration = usePostInvalidRegistration();
  const [validationErrors, setValidationErrors] = useState<string[]>([]);

  return (
    <section className="container py-3">
      <h1 className="h3">{t('testErrors')}</h1>
      <div className="d-flex flex-wrap gap-2 my-3">
        {buttons.map(({ kind }) => (
          <button
            key={kind}
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              setValidationErrors([]);
              testError.mutate(kind);
            }}
          >
            {t(`test.${kind}`)}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => {
            setValidationErrors([]);
            invalidRegistration.mutate(undefined, {
              onError: (error) => setValidationErrors(formErrorMessages(error, t('requestFailed'))),
            });
          }}
        >
          {t('testValidation')}
        </button>
      </div>
      <ErrorList errors={validationErrors} />
    </section>
  );
}
