// The one HTTP client every screen uses (docs/api.md "For every request"): bearer token, busy counter, optional delay, error catalogue.
import type { Pagination } from '@dealerleads/shared';
import { env } from '../config/env';
import { abortableDelay } from './abortable-delay';
import { ApiError } from './api-error';
import { beginRequest, endRequest } from './busy';
import { reportReachable } from './connection';
import { OFFLINE_COPY_HEADER } from './offline-cache';
import { applyErrorCatalogue } from './http-error-catalogue';
import { expireSession, getCurrentUser } from './session';

export const API_BASE = '/api';
/** docs/api.md: a request carrying this header set to true gets its error passed through unhandled. */
export const HANDLE_ERRORS_HEADER = 'X-Handle-Errors';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller handles errors itself: sends `X-Handle-Errors: true`, so the catalogue is skipped. */
  handleErrors?: boolean;
  /** Do not send the bearer token (log in and sign up must work even with a stale one stored). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface Paginated<T> {
  items: T[];
  /** null when the response carries no (valid) Pagination header. */
  pagination: Pagination | null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * docs/api.md: "Requests whose URL contains '/leads' but not '/leads/' bypass error handling entirely."
 * That is the lead list, which shows its own toasts (docs/api.md "Leads load"). Only GET: the lead
 * wizard's POST /api/leads (docs/deviations.md, which the spec never made) keeps the catalogue, so
 * its validation errors arrive as a list like every other form's.
 */
export function isLeadListRequest(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return method === 'GET' && path.includes('/leads') && !path.includes('/leads/');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (options.handleErrors) headers.set(HANDLE_ERRORS_HEADER, 'true');
  const user = options.anonymous ? null : getCurrentUser();
  if (user) headers.set('Authorization', `Bearer ${user.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  beginRequest();
  try {
    if (env.requestDelayMs > 0) await abortableDelay(env.requestDelayMs, options.signal);
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      // fetch rejects with a TypeError when no answer came (offline, server down); an abort is not that.
      if (error instanceof TypeError) reportReachable(false);
      throw error;
    }
    reportReachable(response.headers.get(OFFLINE_COPY_HEADER) === null);
    const data = await readBody(response);
    if (response.ok) return { data: data as T, status: response.status, headers: response.headers };

    const error = new ApiError(response.status, response.statusText, data);
    // The API refuses an invalid or expired token on every route, so the stored session is dead:
    // forget it whatever the request asked for (unless a newer login has replaced it meanwhile).
    if (response.status === 401 && user && getCurrentUser()?.token === user.token) {
      expireSession();
      error.endedSession = true;
    }
    // Another request of the same refused session: the first one's message is enough.
    if (response.status === 401 && user && !error.endedSession) {
      error.handled = true;
      throw error;
    }
    if (headers.get(HANDLE_ERRORS_HEADER) === 'true' || isLeadListRequest(method, url)) throw error;
    throw applyErrorCatalogue(error);
  } finally {
    endRequest();
  }
}

/**
 * Reads the JSON `Pagination` header of a list response (docs/rules.md "Paginated result"). The shape
 * of `paginationSchema` is checked by hand so that zod stays out of the first download.
 */
export function readPagination(headers: Headers): Pagination | null {
  const raw = headers.get('Pagination');
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const value = parsed as Record<string, unknown>;
  const keys = ['currentPage', 'itemsPerPage', 'totalItems', 'totalPages'] as const;
  if (!keys.every((key) => Number.isInteger(value[key]))) return null;
  return {
    currentPage: value.currentPage as number,
    itemsPerPage: value.itemsPerPage as number,
    totalItems: value.totalItems as number,
    totalPages: value.totalPages as number,
    ...(value.totalCapped === true ? { totalCapped: true } : {}),
  };
}

export const api = {
  get: async <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<T>(path, { ...options, method: 'GET' })).data,
  post: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ) => (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ) => (await apiRequest<T>(path, { ...options, method: 'PUT', body })).data,
  delete: async <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<T>(path, { ...options, method: 'DELETE' })).data,
  /** A list: the array body plus the Pagination header. */
  getPage: async <T>(
    path: string,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ): Promise<Paginated<T>> => {
    const response = await apiRequest<T[]>(path, { ...options, method: 'GET' });
    return {
      items: Array.isArray(response.data) ? response.data : [],
      pagination: readPagination(response.headers),
    };
  },
};
