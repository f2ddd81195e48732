// The member's orders (/dealers/orders; lazy): each order's package, amount, status and a link to its receipt.
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@dealerleads/shared';
import { BuyPackageButton } from '../../components/buy-package-button';
import { DataTable } from '../../components/data-table';
import { paths } from '../../config/paths';
import { formatInr, formatMediumDate } from '../../lib/format';
import { useMyOrders } from './api/orders';
import { OrderStatusBadge } from './order-status';
import { OrdersPager } from './orders-pager';
import { moneyTexts } from '../../i18n/en/money';
import { translate, useT } from '../../i18n/runtime';

export const myOrdersTexts = {
  get title() {
    return translate(moneyTexts, 'myOrders');
  },
  get empty() {
    return translate(moneyTexts, 'ordersEmpty');
  },
};

/** An order still to be paid is paid from its receipt screen. */
function receiptLinkText(order: Order): string {
  return translate(moneyTexts, order.status === 'pending' && !order.utr ? 'pay' : 'receipt');
}

export function MyOrdersPage() {
  const t = useT(moneyTexts);
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isPending } = useMyOrders(pageNumber);
  const orders = data?.items ?? [];
  return (
    <section className="container py-3" style={{ maxWidth: '60rem' }}>
      <div className="d-flex justify-content-between align-items-baseline mb-2">
        <h1 className="h3">{myOrdersTexts.title}</h1>
        <div className="d-flex gap-2 align-items-center">
          <Link to={paths.credits}>{t('yourCredits')}</Link>
          <BuyPackageButton />
        </div>
      </div>
      <DataTable
        columns={6}
        empty={!isPending && orders.length === 0}
        emptyText={myOrdersTexts.empty}
        head={
          <>
            <th scope="col">{t('reference')}</th>
            <th scope="col">{t('package')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('placed')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('receipt')}</th>
          </>
        }
      >
        {orders.map((order) => (
          <tr key={order.id} data-testid="my-order-row">
            <td>{order.reference}</td>
            <td>{order.packageName}</td>
            <td>{formatInr(order.amount)}</td>
            <td>{formatMediumDate(order.createdOn)}</td>
            <td>
              <OrderStatusBadge order={order} />
              {order.status === 'rejected' && order.adminNote ? (
                <div className="small text-body-secondary">{order.adminNote}</div>
              ) : null}
            </td>
            <td>
              <Link
                to={paths.orderReceipt(order.id)}
                aria-label={t('receiptLink', {
                  action: receiptLinkText(order),
                  reference: order.reference,
                })}
              >
                {receiptLinkText(order)}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <OrdersPager pagination={data?.pagination} page={pageNumber} onPageChange={setPageNumber} />
    </section>
  );
}
