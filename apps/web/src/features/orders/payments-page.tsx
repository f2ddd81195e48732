// Admin Payments (/dealers/payments; lazy): orders, open ones first; confirm (the package and its credits, once) or
// reject with a note, each in a dialog, a toast on success (docs/credits.md, "Buying a package").
import { useState } from 'react';
import { orderMessages, type Order, type OrderStatus } from '@dealerleads/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { StatusTabs, type StatusTab } from '../../components/status-tabs';
import { useStatusPage } from '../../hooks/use-status-page';
import { errorMessage } from '../../lib/api-error';
import { formatInr, formatMediumDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDecideOrder, usePayments } from './api/orders';
import { OrderStatusBadge } from './order-status';
import { OrdersPager } from './orders-pager';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

export const paymentsTexts = liveTexts(adminTexts, 'payments.');

const TABS: StatusTab<OrderStatus | undefined>[] = [
  { value: 'pending', label: 'Open' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'expired', label: 'Expired' },
  { value: undefined, label: 'All' },
];

interface Deciding {
  order: Order;
  decision: 'confirm' | 'reject';
}

export function PaymentsPage() {
  const t = useT(adminTexts);
  const { status, setStatus, pageNumber, setPageNumber } = useStatusPage<OrderStatus | undefined>(
    'pending',
  );
  const { data, isPending } = usePayments(status, pageNumber);
  const decide = useDecideOrder();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [note, setNote] = useState('');
  const orders = data?.items ?? [];
  const reasonMissing = deciding?.decision === 'reject' && note.trim().length < 3;

  const open = (order: Order, decision: Deciding['decision']) => {
    setNote('');
    setDeciding({ order, decision });
  };
  const submit = async () => {
    if (!deciding || reasonMissing) return;
    const { order, decision } = deciding;
    try {
      await decide.mutateAsync(
        decision === 'confirm'
          ? { id: order.id, decision, utr: order.utr, note: note.trim() }
          : { id: order.id, decision, note: note.trim() },
      );
      notify.success(decision === 'confirm' ? orderMessages.confirmed : orderMessages.rejected);
      setDeciding(null);
    } catch (error) {
      notify.error(errorMessage(error, paymentsTexts.failed));
      setDeciding(null);
    }
  };

  return (
    <section className="container py-3">
      <h1 className="h3 mb-3">{paymentsTexts.title}</h1>
      <StatusTabs tabs={TABS} value={status} onChange={setStatus} />
      <DataTable
        columns={8}
        empty={!isPending && orders.length === 0}
        emptyText={paymentsTexts.empty}
        head={
          <>
            <th scope="col">{t('reference')}</th>
            <th scope="col">{t('member')}</th>
            <th scope="col">{t('package')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('placed')}</th>
            <th scope="col">{t('utr')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('actions')}</th>
          </>
        }
      >
        {orders.map((order) => (
          <tr key={order.id} data-testid="payment-row">
            <td>{order.reference}</td>
            <td>{order.userName}</td>
            <td>
              {order.packageName}
              <div className="small text-body-secondary">
                {order.packageType === 'Unlimited' ? t('unlimited') : `${order.credits} credits`} ·{' '}
                {order.validityDays} {t('days')}
              </div>
            </td>
            <td>{formatInr(order.amount)}</td>
            <td>{formatMediumDate(order.createdOn)}</td>
            <td>{order.utr ?? '—'}</td>
            <td>
              <OrderStatusBadge order={order} />
              {order.adminNote ? (
                <div className="small text-body-secondary">{order.adminNote}</div>
              ) : null}
            </td>
            <td className="text-nowrap">
              {order.status === 'pending' ? (
                <>
                  <button
                    type="button"
                    className="btn btn-sm btn-success me-1"
                    disabled={decide.isPending}
                    onClick={() => open(order, 'confirm')}
                    aria-label={t('confirmOrder', { reference: order.reference })}
                  >
                    {t('confirm')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={decide.isPending}
                    onClick={() => open(order, 'reject')}
                    aria-label={t('rejectOrder', { reference: order.reference })}
                  >
                    {t('reject')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      <OrdersPager pagination={data?.pagination} page={pageNumber} onPageChange={setPageNumber} />
      <ConfirmDialog
        show={deciding !== null}
        title={
          deciding?.decision === 'reject'
            ? `Reject order ${deciding.order.reference}`
            : `Confirm order ${deciding?.order.reference ?? ''}`
        }
        message={
          deciding?.decision === 'reject'
            ? t('theMemberGetsNo')
            : `Confirm that ${formatInr(deciding?.order.amount ?? 0)} arrived${
                deciding?.order.utr ? ` with UTR ${deciding.order.utr}` : ''
              }: ${deciding?.order.userName ?? ''} gets the package ${deciding?.order.packageName ?? ''}.`
        }
        confirmLabel={deciding?.decision === 'reject' ? t('reject') : t('confirmPayment')}
        confirmVariant={deciding?.decision === 'reject' ? 'danger' : 'primary'}
        busy={decide.isPending || reasonMissing}
        onConfirm={() => void submit()}
        onCancel={() => setDeciding(null)}
      >
        <div className="mt-3">
          <label htmlFor="order-note" className="form-label">
            {deciding?.decision === 'reject' ? paymentsTexts.reasonLabel : paymentsTexts.noteLabel}
          </label>
          <textarea
            id="order-note"
            className="form-control"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
