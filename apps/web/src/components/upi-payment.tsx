// Paying an order by UPI (docs/credits.md, "Buying a package"): the order's upi:// link as a QR code drawn in the
// browser, the same facts as text, an 'Open UPI app' link for phones, and the UTR field. Lazy: the purchase popup and
// the receipt screen load it, and it loads the QR library only when it draws.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderMessages, type CreatedOrder, type OrdersConfig } from '@dealerleads/shared';
import { paths } from '../config/paths';
import { api } from '../lib/api-client';
import { errorMessage } from '../lib/api-error';
import { formatInr } from '../lib/format';
import { commonTexts } from '../i18n/en/common';
import { serverText, useT } from '../i18n/runtime';

/** The UPI texts in English (the spec's), as tests and other screens name them; screens show them translated. */
export const upiTexts = {
  scan: commonTexts.en['upi.scan'],
  openApp: commonTexts.en['upi.openApp'],
  utrLabel: commonTexts.en['upi.utrLabel'],
  submit: commonTexts.en['upi.submit'],
  submitted: commonTexts.en['upi.submitted'],
  failed: commonTexts.en['upi.failed'],
} as const;

/** GET /api/orders/config: whether buying by UPI is on. */
export function useOrdersConfig() {
  return useQuery({
    queryKey: ['orders', 'config'],
    queryFn: () => api.get<OrdersConfig>('/orders/config', { handleErrors: true }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/orders: a pending order of the package. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageId: number) =>
      api.post<CreatedOrder>('/orders', { packageId }, { handleErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** The QR code of a upi:// link as an SVG data URL (made here, nothing is sent anywhere). */
function useQrCode(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((markup) => {
        if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

function UtrForm({ order, onSubmitted }: { order: CreatedOrder; onSubmitted: () => void }) {
  const t = useT(commonTexts);
  const queryClient = useQueryClient();
  const [utr, setUtr] = useState(order.utr ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: string) =>
      api.put<CreatedOrder>(`/orders/${order.id}/utr`, { utr: value }, { handleErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Payment apps show the UTR grouped in fours: pasted with its spaces, it is still the UTR.
    const value = utr.replace(/\s+/g, '');
    if (!/^\d{12}$/.test(value)) {
      setProblem(orderMessages.utrFormat);
      return;
    }
    setProblem(null);
    save.mutate(value, {
      onSuccess: onSubmitted,
      onError: (error) => setProblem(errorMessage(error, t('upi.failed'))),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3">
      <label htmlFor={`utr-${order.id}`} className="form-label">
        {t('upi.utrLabel')}
      </label>
      <div className="d-flex gap-2">
        <input
          id={`utr-${order.id}`}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          value={utr}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `utr-${order.id}-problem` : undefined}
          onChange={(event) => setUtr(event.target.value)}
        />
        <button type="submit" className="btn btn-primary text-nowrap" disabled={save.isPending}>
          {t('upi.submit')}
        </button>
      </div>
      {problem ? (
        <div id={`utr-${order.id}-problem`} className="invalid-feedback d-block">
          {problem}
        </div>
      ) : null}
    </form>
  );
}

export interface UpiPaymentProps {
  order: CreatedOrder;
  config: OrdersConfig;
}

/** The order's QR code and text alternative, then the UTR field; 'Payment submitted' once the UTR is saved. */
export function UpiPayment({ order, config }: UpiPaymentProps) {
  const t = useT(commonTexts);
  const [submitted, setSubmitted] = useState(order.utr !== null);
  const qr = useQrCode(order.upiUri ?? '');
  if (submitted)
    return (
      <div className="alert alert-success mb-0" role="status" data-testid="payment-submitted">
        <div className="fw-semibold">{t('upi.submitted')}</div>
        <div>{serverText('order.paymentSubmitted', orderMessages.paymentSubmitted)}</div>
        <div className="small mt-1">
          {t('upi.referenceLine', { reference: order.reference })}{' '}
          <Link to={paths.myOrders}>{t('upi.myOrders')}</Link>
        </div>
      </div>
    );
  if (!order.upiUri) return null;
  const amount = formatInr(order.amount);
  return (
    <div data-testid="upi-payment">
      <div className="d-flex flex-wrap gap-3 align-items-center">
        {qr ? (
          <img
            src={qr}
            width={180}
            height={180}
            alt={t('upi.qrAlt', { amount, vpa: config.payeeVpa ?? '', reference: order.reference })}
            data-testid="upi-qr"
          />
        ) : (
          <div
            style={{ width: 180, height: 180 }}
            className="bg-body-tertiary"
            aria-hidden="true"
          />
        )}
        <dl className="mb-0 small">
          <dt>{t('upi.scan')}</dt>
          <dd className="mb-1">
            {t('upi.payTo')} <strong>{config.payeeName}</strong>
          </dd>
          <dt>{t('upi.id')}</dt>
          <dd className="mb-1" data-testid="upi-vpa">
            {config.payeeVpa}
          </dd>
          <dt>{t('upi.amount')}</dt>
          <dd className="mb-1" data-testid="upi-amount">
            {amount}
          </dd>
          <dt>{t('upi.reference')}</dt>
          <dd className="mb-0" data-testid="upi-reference">
            {order.reference}
          </dd>
        </dl>
      </div>
      <a className="btn btn-outline-primary btn-sm mt-2" href={order.upiUri}>
        <i className="bi bi-phone me-1" aria-hidden="true" />
        {t('upi.openApp')}
      </a>
      <UtrForm order={order} onSubmitted={() => setSubmitted(true)} />
    </div>
  );
}
