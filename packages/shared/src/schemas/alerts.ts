// Saved searches and new-lead notifications (docs/my-leads-and-alerts.md): filters use the lead list's own schema.
import { z } from './zod';
import { leadFilterSchema } from './lead';

import { EMAIL_MODES, SAVED_SEARCH_NAME_MAX } from '../my-leads-constants';

/**
 * The lead list's filters (same names, same validation), without paging, dates, Admin's status, the order and `hideSoldOut` (a
 * view of the list, not what a lead is: a new lead is never sold out; a saved list URL carrying it saves the rest).
 */
export const savedSearchFiltersSchema = leadFilterSchema.omit({
  pageNumber: true,
  pageSize: true,
  startDate: true,
  endDate: true,
  status: true,
  hideSoldOut: true,
  sort: true,
});
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

export const savedSearchCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  filters: savedSearchFiltersSchema,
  emailMode: z
    .enum(EMAIL_MODES, { error: `Email must be one of ${EMAIL_MODES.join(', ')}` })
    .default('instant'),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** `PUT /api/saved-searches/{id}`: rename it and/or change its e-mail mode. */
export const savedSearchUpdateSchema = z.object({
  name: savedSearchCreateSchema.shape.name.optional(),
  emailMode: z
    .enum(EMAIL_MODES, { error: `Email must be one of ${EMAIL_MODES.join(', ')}` })
    .optional(),
});
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;

/** `GET /api/unsubscribe?token=…`: the signed token of an alert mail's link. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().max(200),
});

export const unsubscribeResultSchema = z.object({
  message: z.string(),
  /** The saved searches whose e-mails were turned off. */
  savedSearches: z.array(z.string()),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: savedSearchFiltersSchema,
  emailMode: z.enum(EMAIL_MODES),
  /** Matching leads since the dealer last opened it. */
  newCount: z.number().int(),
  lastOpenedOn: z.string(),
  createdOn: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  savedSearchId: z.number().int(),
  savedSearchName: z.string(),
  leadId: z.number().int(),
  /** '2019 Hyundai Creta in Pune' style facts of the lead; never its contact. */
  year: z.number().int(),
  brand: z.string(),
  model: z.string(),
  city: z.string(),
  price: z.number().int(),
  createdOn: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `PUT /api/notifications/read`: these ids, or every notification when `ids` is left out. */
export const markReadSchema = z.object({
  ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type MarkRead = z.infer<typeof markReadSchema>;

export const streamTicketSchema = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int(),
});
export type StreamTicket = z.infer<typeof streamTicketSchema>;

export const streamQuerySchema = z.object({
  ticket: z.string().max(200),
  /** The last notification id the tab has (EventSource sends Last-Event-ID itself on its own reconnects). */
  lastEventId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
