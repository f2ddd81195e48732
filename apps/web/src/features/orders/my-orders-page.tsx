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

export const myOrdersTexts = {
  title: 'My orders',
  empty: 'No orders yet. Buy a package to unlock leads.',
} as const;

/** An order still to be paid is paid from its receipt screen. */
function receiptLinkText(order: Order): string {
  return order.status === 'pending' && !order.utr ? 'Pay' : 'Receipt';
}

export function MyOrdersPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isPending } = useMyOrders(pageNumber);
  const orders = data?.items ?? [];
  return (
    <section className="container py-3" style={{ maxWidth: '60rem' }}>
      <div className="d-flex justify-content-between align-items-baseline mb-2">
        <h1 className="h3">{myOrdersTexts.title}</h1>
        <div className="d-flex gap-2 align-items-center">
          <Link to={paths.credits}>Your credits</Link>
          <BuyPackageButton />
        </div>
      </div>
      <DataTable
        columns={6}
        empty={!isPending && orders.length === 0}
        emptyText={myOrdersTexts.empty}
        head={
          <>
            <th scope="col">Reference</th>
            <th scope="col">Package</th>
            <th scope="col">Amount</th>
            <th scope="col">Placed</th>
            <th scope="col">Status</th>
            <th scope="col">Receipt</th>
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
                aria-label={`${receiptLinkText(order)} ${order.reference}`}
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
