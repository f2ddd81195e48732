// An order's status as a badge: 'Payment submitted' for a pending order with its UTR.
import type { Order } from '@dealerleads/shared';

export function orderStatusText(order: Pick<Order, 'status' | 'utr'>): string {
  switch (order.status) {
    case 'pending':
      return order.utr ? 'Payment submitted' : 'Waiting for payment';
    case 'confirmed':
      return 'Confirmed';
    case 'rejected':
      return 'Rejected';
    case 'expired':
      return 'Expired';
  }
}

const VARIANTS = {
  pending: 'text-bg-warning',
  confirmed: 'text-bg-success',
  rejected: 'text-bg-danger',
  expired: 'text-bg-secondary',
} as const;

export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'utr'> }) {
  return (
    <span className={`badge ${VARIANTS[order.status]}`} data-testid="order-status">
      {orderStatusText(order)}
    </span>
  );
}
