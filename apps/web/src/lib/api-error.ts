// The error every API call rejects with, and helpers screens use to read it.
import { serverText } from '../i18n/runtime';

/** Reason phrases for when the browser gives none (HTTP/2 has no status text). */
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export class ApiError extends Error {
  /** Flattened field messages of a 400 validation body (docs/api.md), for the form to list. */
  readonly validationErrors: string[];
  /** The global catalogue already told the user (toast or navigation); screens need not repeat it. */
  handled = false;
  /** This 401 ended the stored session (the API refused its token), so it is the one that says so. */
  endedSession = false;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(displayMessageOf(body) ?? (statusText || `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.validationErrors = flattenValidationErrors(body);
  }
}

export function statusTextOf(status: number, statusText: string): string {
  return statusText || STATUS_TEXTS[status] || `Error ${status}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"errors":{"field":["message"]}}` → ['message', …]; anything else → []. */
export function flattenValidationErrors(body: unknown): string[] {
  if (!isRecord(body) || !isRecord(body.errors)) return [];
  return Object.values(body.errors)
    .flatMap((messages) => (Array.isArray(messages) ? messages : [messages]))
    .filter((message): message is string => typeof message === 'string' && message !== '');
}

export function hasValidationErrors(body: unknown): boolean {
  return isRecord(body) && isRecord(body.errors);
}

/** The server's `message` text of an error body, if it has one (as sent: screens compare it with known texts). */
export function serverMessageOf(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '')
    return body.message;
  if (typeof body === 'string' && body !== '') return body;
  return undefined;
}

/** The server's text as the reader reads it: in Hindi when the body's `code` has a Hindi text (docs/api.md). */
export function displayMessageOf(body: unknown): string | undefined {
  const message = serverMessageOf(body);
  return message === undefined || !isRecord(body) ? message : serverText(body.code, message);
}

/** What a screen shows for a failed call: the server's text, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return displayMessageOf(error.body) ?? fallback;
  return fallback;
}

/** Messages for a form's error list: the validation list, else the server's text. */
export function formErrorMessages(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.validationErrors.length > 0) return error.validationErrors;
  return [errorMessage(error, fallback)];
}
