// An order's status as a badge: 'Payment submitted' for a pending order with its UTR.
import type { Order } from '@dealerleads/shared';
import { moneyTexts } from '../../i18n/en/money';
import { translate, useT } from '../../i18n/runtime';

export function orderStatusText(order: Pick<Order, 'status' | 'utr'>): string {
  switch (order.status) {
    case 'pending':
      return translate(moneyTexts, order.utr ? 'status.submitted' : 'status.waiting');
    default:
      return translate(moneyTexts, `status.${order.status}`);
  }
}

const VARIANTS = {
  pending: 'text-bg-warning',
  confirmed: 'text-bg-success',
  rejected: 'text-bg-danger',
  expired: 'text-bg-secondary',
} as const;

export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'utr'> }) {
  useT(moneyTexts);
  return (
    <span className={`badge ${VARIANTS[order.status]}`} data-testid="order-status">
      {orderStatusText(order)}
    </span>
  );
}
