// The wizard's proof of the owner's number (docs/phone-verification.md): send a code by SMS, type it (or let the phone
// fill it in), and the lead is submitted with the signed token; resend after the API's wait, or change the number.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { phoneVerificationMessages } from '@dealerleads/shared';
import { displayMessageOf, ApiError, flattenValidationErrors } from '../../lib/api-error';
import { confirmPhoneCode, requestPhoneCode } from './api/phone-verification';
import { wizardTexts } from '../../i18n/en/lead-form';
import { hasText, translate, useT } from '../../i18n/runtime';

/** The longest resend wait believed, whatever the two clocks say. */
const MAX_RESEND_WAIT_MS = 5 * 60_000;

export interface PhoneVerificationState {
  /** idle: no code asked; sent: a code is on its way for `number`; verified: `token` proves `number`. */
  stage: 'idle' | 'sent' | 'verified';
  number?: string;
  id?: string;
  token?: string;
  /** Local time (ms) after which another code may be asked. */
  resendAt?: number;
  error?: string;
  busy: boolean;
}

/** An API or connection failure of the code calls as the owner reads it, in the reader's language. */
export function codeErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return translate(wizardTexts, 'offline');
  const listed = flattenValidationErrors(error.body);
  return (
    phoneCodeMessage(listed[0] ?? displayMessageOf(error.body) ?? '') ||
    translate(wizardTexts, 'otp.failed')
  );
}

/** A known text of the verification API in the reader's language; any other as it is. */
export function phoneCodeMessage(message: string): string {
  const key = Object.keys(phoneVerificationMessages).find(
    (name) => phoneVerificationMessages[name as keyof typeof phoneVerificationMessages] === message,
  );
  const full = `otp.${key ?? ''}`;
  return key && hasText(wizardTexts, full) ? translate(wizardTexts, full) : message;
}

/** The code's state for one wizard: kept while the owner moves between steps. */
export function usePhoneVerification() {
  const [state, setState] = useState<PhoneVerificationState>({ stage: 'idle', busy: false });
  const busy = useRef(false);

  const send = useCallback(async (number: string) => {
    if (busy.current) return;
    busy.current = true;
    setState((s) => ({ ...s, busy: true, error: undefined }));
    try {
      const answer = await requestPhoneCode(number);
      const wait = Math.min(
        Math.max(0, Date.parse(answer.resendAfter) - Date.now()),
        MAX_RESEND_WAIT_MS,
      );
      setState({
        stage: 'sent',
        number,
        id: answer.id,
        resendAt: Date.now() + wait,
        busy: false,
      });
    } catch (error) {
      setState((s) => ({ ...s, busy: false, error: codeErrorText(error) }));
    } finally {
      busy.current = false;
    }
  }, []);

  const confirm = useCallback(
    async (code: string) => {
      const { id, number } = state;
      if (busy.current || id === undefined) return false;
      busy.current = true;
      setState((s) => ({ ...s, busy: true, error: undefined }));
      try {
        const { verificationToken } = await confirmPhoneCode(id, code);
        setState({ stage: 'verified', number, token: verificationToken, busy: false });
        return true;
      } catch (error) {
        setState((s) => ({ ...s, busy: false, error: codeErrorText(error) }));
        return false;
      } finally {
        busy.current = false;
      }
    },
    [state],
  );

  const reset = useCallback(() => setState({ stage: 'idle', busy: false }), []);

  /** The token, if it proves this number. */
  const tokenFor = (number: unknown) =>
    state.stage === 'verified' && state.number === number ? state.token : undefined;

  return { state, send, confirm, reset, tokenFor };
}

export type PhoneVerificationControl = ReturnType<typeof usePhoneVerification>;

const secondsUntil = (at: number | undefined) =>
  at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Seconds left until `at`, ticking once a second while there are any. */
function useSecondsUntil(at: number | undefined): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (secondsUntil(at) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return secondsUntil(at);
}

/** '9810054321' → '+91 98100 54321'. */
export const spacedNumber = (number: string) => `+91 ${number.slice(0, 5)} ${number.slice(5)}`;

export interface PhoneCodeFieldsProps {
  control: PhoneVerificationControl;
  /** The number in the phone field, once it is a valid one. */
  phoneNumber: string | undefined;
  /** Empties the verification and puts the cursor back in the phone field. */
  onChangeNumber: () => void;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {error}
    </div>
  ) : null;
}

/** Under the phone field: "Send code", then the code field with resend and change-number, then "Number verified". */
export function PhoneCodeFields({ control, phoneNumber, onChangeNumber }: PhoneCodeFieldsProps) {
  const t = useT(wizardTexts);
  const { state, send } = control;
  const id = useId();

  if (state.stage === 'verified') {
    return (
      <div className="mb-3 d-flex flex-wrap align-items-center gap-2" data-testid="phone-verified">
        <span className="text-success fw-semibold" role="status">
          <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
          {t('numberVerified')}
        </span>
        <button type="button" className="btn btn-link p-0" onClick={onChangeNumber}>
          {t('changeNumber')}
        </button>
      </div>
    );
  }

  if (state.stage === 'sent') {
    // A new code (a new id) starts with an empty field.
    return <CodeEntry key={state.id} control={control} onChangeNumber={onChangeNumber} />;
  }

  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-outline-primary btn-lg w-100"
        disabled={phoneNumber === undefined || state.busy}
        aria-describedby={`${id}-hint`}
        onClick={() => phoneNumber && void send(phoneNumber)}
      >
        <i className="bi bi-chat-dots me-1" aria-hidden="true" />
        {state.busy ? t('sendingCode') : t('sendCode')}
      </button>
      <div id={`${id}-hint`} className="form-text">
        {t('codeHint')}
      </div>
      <ErrorText id={`${id}-error`} error={state.error} />
    </div>
  );
}

/** The code field of one code sent: it takes the cursor, checks itself at the sixth digit, resends after the wait. */
function CodeEntry({
  control,
  onChangeNumber,
}: {
  control: PhoneVerificationControl;
  onChangeNumber: () => void;
}) {
  const t = useT(wizardTexts);
  const { state, send, confirm } = control;
  const [code, setCode] = useState('');
  const id = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const seconds = useSecondsUntil(state.resendAt);
  useEffect(() => codeInput.current?.focus(), []);

  const check = (value: string) => {
    if (/^\d{6}$/.test(value)) void confirm(value);
  };

  return (
    <div className="mb-3 border rounded p-3 bg-body-tertiary" data-testid="phone-code">
      <p className="mb-2" role="status">
        {t('codeSentTo', { number: spacedNumber(state.number ?? '') })}
      </p>
      <label htmlFor={`${id}-code`} className="form-label fw-semibold">
        {t('code')}
      </label>
      <div className="input-group input-group-lg">
        <input
          ref={codeInput}
          id={`${id}-code`}
          name="one-time-code"
          className={`form-control${state.error ? ' is-invalid' : ''}`}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          enterKeyHint="done"
          value={code}
          aria-invalid={state.error !== undefined}
          aria-describedby={state.error ? `${id}-error` : undefined}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
            setCode(digits);
            // The phone's autofill (or the sixth digit) finishes it: no button to find.
            if (digits.length === 6 && digits !== code) check(digits);
          }}
          onKeyDown={(event) => {
            // Enter checks the code here rather than submitting the lead.
            if (event.key === 'Enter') {
              event.preventDefault();
              check(code);
            }
          }}
        />
        <button
          type="button"
          className="btn btn-primary"
          disabled={!/^\d{6}$/.test(code) || state.busy}
          onClick={() => check(code)}
        >
          {t('verifyCode')}
        </button>
      </div>
      <ErrorText id={`${id}-error`} error={state.error} />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={seconds > 0 || state.busy}
          onClick={() => state.number && void send(state.number)}
        >
          {seconds > 0 ? t('resendIn', { seconds }) : t('resendCode')}
        </button>
        <button type="button" className="btn btn-link" onClick={onChangeNumber}>
          {t('changeNumber')}
        </button>
      </div>
    </div>
  );
}
