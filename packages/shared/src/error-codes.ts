// Stable codes of the API's error messages (docs/api.md "Error codes"): the web says a known code in the reader's
// language and shows the server's `message` for any other. A code is '<group>.<key>' of a message set here.
import { apiMessages, creditFlowMessages } from './messages';
import { adjustmentMessages } from './schemas/credits';
import { disputeMessages } from './schemas/disputes';
import { orderMessages } from './schemas/orders';
import { ownerMessages } from './schemas/owner';
import { passwordResetMessages } from './schemas/password-reset';
import { photoMessages } from './schemas/photo';

/** The message sets whose fixed texts have codes, by group. */
const MESSAGE_GROUPS = {
  api: apiMessages,
  creditFlow: creditFlowMessages,
  order: orderMessages,
  dispute: disputeMessages,
  owner: ownerMessages,
  photo: photoMessages,
  adjustment: adjustmentMessages,
  passwordReset: passwordResetMessages,
} as const;

/** The code of an error without a fixed text, by HTTP status: the web shows the server's message with it. */
export const STATUS_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  500: 'serverError',
  503: 'unavailable',
};

/** A 400 whose body lists field errors (`errors`). */
export const VALIDATION_ERROR_CODE = 'validation';

/** code → English text, for every fixed text of the message sets. */
export const API_ERROR_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MESSAGE_GROUPS).flatMap(([group, messages]) =>
    Object.entries(messages)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [`${group}.${key}`, text]),
  ),
);

let byMessage: Map<string, string> | undefined;

/** The code of an error's text and status: its fixed text's code, else the status's. */
export function errorCodeOf(message: string, status: number): string {
  if (!byMessage) {
    byMessage = new Map();
    // The first group to name a text keeps it: the same words mean the same thing.
    for (const [code, text] of Object.entries(API_ERROR_CODES))
      if (!byMessage.has(text)) byMessage.set(text, code);
  }
  return byMessage.get(message) ?? STATUS_ERROR_CODES[status] ?? 'error';
}
