// Buying a package by UPI (docs/credits.md, "Buying a package"): orders, their payment reference (UTR) and the
// Admin's decision. Amounts are whole rupees.
import { z } from './zod';
import { MAX_ID, pagingQuery } from './common';

export const ORDER_STATUSES = ['pending', 'confirmed', 'rejected', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A pending order without a payment reference expires this many hours after it was placed. */
export const ORDER_EXPIRY_HOURS = 48;
/** Open (pending, not expired) orders one member may have at once. */
export const MAX_OPEN_ORDERS = 5;
/** Orders per page of "My orders" and "Payments". */
export const ORDERS_PAGE_SIZE = 20;

export const orderMessages = {
  packageRequired: 'Please select a package',
  packageNotForSale: 'This package is not for sale. Choose another package.',
  adminsDoNotBuy: 'Admins do not buy packages',
  tooManyOpen: `You have ${MAX_OPEN_ORDERS} orders waiting for payment or confirmation. Wait for a decision, or let unpaid ones expire, before ordering again.`,
  orderNotFound: 'Order not found',
  utrFormat: 'The UTR is the 12-digit number of your UPI payment',
  utrTaken: 'This UTR is already given for another order',
  utrNotPending: 'The payment reference can only be given while the order is pending',
  utrLocked:
    'The UTR of this order was already given and cannot be changed. If it is wrong, ask us to reject this order, then order again with the right UTR.',
  utrChanged:
    'The UTR of this order is not the one you saw. Nothing was changed: check the payment again.',
  noteTooLong: 'Note must be at most 500 characters',
  reasonRequired: 'Please give a reason',
  expired: 'This order expired: it was not paid within 48 hours. It cannot be confirmed.',
  alreadyDecided: (status: OrderStatus) => `This order is already ${status}. Nothing was changed.`,
  confirmed: 'Payment confirmed: the package was added',
  rejected: 'Order rejected',
  paymentSubmitted: 'We will add the credits once we see your payment.',
} as const;

export const orderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  userId: z.number().int(),
  /** The member's user name (the Admin's Payments list). */
  userName: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  packageType: z.string(),
  credits: z.number().int(),
  unit: z.string(),
  validityDays: z.number().int(),
  /** Whole rupees. */
  amount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  utr: z.string().nullable(),
  adminNote: z.string().nullable(),
  createdOn: z.string(),
  /** When a pending order without a UTR expires. */
  expiresOn: z.string(),
  decidedOn: z.string().nullable(),
  userPackageId: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** `POST /api/orders`: the new order, with the UPI link when UPI is configured. */
export const createdOrderSchema = orderSchema.extend({
  /** `upi://pay?…` (NPCI deep-link format); null without UPI_VPA and MERCHANT_NAME. */
  upiUri: z.string().nullable(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** `GET /api/orders/config`: whether buying by UPI is on, and the payee shown beside the QR code. */
export const ordersConfigSchema = z.object({
  upiEnabled: z.boolean(),
  payeeVpa: z.string().nullable(),
  payeeName: z.string().nullable(),
});
export type OrdersConfig = z.infer<typeof ordersConfigSchema>;

export const orderInputSchema = z.object({
  packageId: z
    .number({ error: orderMessages.packageRequired })
    .int(orderMessages.packageRequired)
    .positive(orderMessages.packageRequired)
    .max(MAX_ID, orderMessages.packageRequired),
});

export const utrInputSchema = z.object({
  utr: z
    .string({ error: orderMessages.utrFormat })
    // A UTR copied from a payment app often comes grouped ('4123 4567 8901'): the spaces are not part of it.
    .overwrite((utr) => utr.replace(/\s+/g, ''))
    .regex(/^\d{12}$/, orderMessages.utrFormat),
});

/** Confirming: the UTR the Admin checked (null for an order without one) and an optional note. */
export const orderConfirmSchema = z.object({
  utr: z
    .string({ error: orderMessages.utrFormat })
    .trim()
    .regex(/^\d{12}$/, orderMessages.utrFormat)
    .nullable(),
  note: z.string().trim().max(500, orderMessages.noteTooLong).optional(),
});

/** Rejecting: a reason the dealer will see. */
export const orderRejectSchema = z.object({
  note: z
    .string({ error: orderMessages.reasonRequired })
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(500, orderMessages.noteTooLong),
});

export const myOrdersQuerySchema = pagingQuery(ORDERS_PAGE_SIZE).omit({ searchterm: true });

export const ordersQuerySchema = myOrdersQuerySchema.extend({
  status: z
    .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional(),
});
