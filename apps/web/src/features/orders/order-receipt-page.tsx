// A printable receipt of one of the member's orders (/dealers/orders/:id/receipt; lazy): order, package, amount in
// rupees, date, reference and UTR; a pending order can be paid from here.
import { useParams } from 'react-router';
import { Link } from 'react-router';
import { Spinner } from '../../components/spinner';
import { UpiPayment, useOrdersConfig } from '../../components/upi-payment';
import { paths } from '../../config/paths';
import { formatInr, formatLeadDate } from '../../lib/format';
import { useMyOrder } from './api/orders';
import { OrderStatusBadge } from './order-status';
import './receipt.css';
import { moneyTexts } from '../../i18n/en/money';
import { useT } from '../../i18n/runtime';

export function OrderReceiptPage() {
  const t = useT(moneyTexts);
  const { id } = useParams();
  const orderId = Number(id);
  const { data: order, isError } = useMyOrder(orderId);
  const config = useOrdersConfig();
  if (isError)
    return (
      <section className="container py-3">
        <p>{t('orderNotFound')}</p>
      </section>
    );
  if (!order) return <Spinner />;
  const rows: [string, string][] = [
    [t('reference'), order.reference],
    [t('date'), formatLeadDate(order.createdOn)],
    [t('member'), order.userName],
    [t('package'), order.packageName],
    [
      t('credits'),
      order.packageType === 'Unlimited'
        ? t('unlimitedUnlocks')
        : t('balanceCredits', { count: order.credits }),
    ],
    [t('validity'), t('validityDays', { count: order.validityDays })],
    [t('amount'), formatInr(order.amount)],
    ['UTR', order.utr ?? '—'],
  ];
  return (
    <section className="container py-3" style={{ maxWidth: '40rem' }}>
      <div className="receipt card">
        <div className="card-body">
          <h1 className="h4 d-flex justify-content-between align-items-center">
            <span>{t('receiptTitle')}</span>
            <OrderStatusBadge order={order} />
          </h1>
          <table className="table table-sm mb-0" data-testid="receipt">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="fw-normal text-body-secondary">
                    {label}
                  </th>
                  <td>{value}</td>
                </tr>
              ))}
              {order.decidedOn ? (
                <tr>
                  <th scope="row" className="fw-normal text-body-secondary">
                    {order.status === 'confirmed' ? t('confirmedOn') : t('decidedOn')}
                  </th>
                  <td>{formatLeadDate(order.decidedOn)}</td>
                </tr>
              ) : null}
              {order.adminNote && order.status === 'rejected' ? (
                <tr>
                  <th scope="row" className="fw-normal text-body-secondary">
                    {t('reason')}
                  </th>
                  <td>{order.adminNote}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </div>
      {order.status === 'pending' && order.upiUri && config.data?.upiEnabled ? (
        <div className="receipt-actions card mt-3">
          <div className="card-body">
            <UpiPayment order={order} config={config.data} />
          </div>
        </div>
      ) : null}
      <div className="receipt-actions d-flex gap-2 mt-3">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <i className="bi bi-printer me-1" aria-hidden="true" />
          {t('print')}
        </button>
        <Link className="btn btn-outline-secondary" to={paths.myOrders}>
          {t('myOrders')}
        </Link>
      </div>
    </section>
  );
}
