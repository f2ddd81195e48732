// The member's orders (GET /api/me/orders, /api/me/orders/{id}) and the Admin's Payments (GET /api/orders,
// PUT /api/orders/{id}/confirm | reject); a decision refreshes the lists and the balances.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDERS_PAGE_SIZE,
  type CreatedOrder,
  type Order,
  type OrderStatus,
} from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function useMyOrders(pageNumber: number) {
  return useQuery({
    queryKey: ['orders', 'mine', pageNumber],
    queryFn: () =>
      api.getPage<Order>('/me/orders', { query: { pageNumber, pageSize: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useMyOrder(id: number) {
  return useQuery({
    queryKey: ['orders', 'mine', 'one', id],
    queryFn: () => api.get<CreatedOrder>(`/me/orders/${id}`),
  });
}

export function usePayments(status: OrderStatus | undefined, pageNumber: number) {
  return useQuery({
    queryKey: ['orders', 'payments', status ?? 'all', pageNumber],
    queryFn: () =>
      api.getPage<Order>('/orders', {
        query: { status, pageNumber, pageSize: ORDERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** A decision on an order; a confirm names the UTR the Admin saw, so a UTR swapped since is refused (409). */
export type OrderDecision =
  | { id: number; decision: 'confirm'; utr: string | null; note: string }
  | { id: number; decision: 'reject'; note: string };

export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderDecision) =>
      api.put<Order>(
        `/orders/${order.id}/${order.decision}`,
        order.decision === 'confirm'
          ? { utr: order.utr, ...(order.note === '' ? {} : { note: order.note }) }
          : { note: order.note },
        { handleErrors: true },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
