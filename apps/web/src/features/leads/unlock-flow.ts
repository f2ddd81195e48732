// docs/rules.md "Unlock flow" as decisions: what a click on a lock does, and what each answer of the atomic unlock tells the user.
import {
  apiMessages,
  creditFlowMessages,
  type CreditsSummary,
  type CurrentUser,
  type UnlockResult,
} from '@dealerleads/shared';
import { ApiError, serverMessageOf } from '../../lib/api-error';
import { httpErrorTexts } from '../../lib/http-error-catalogue';
import { serverText, translate } from '../../i18n/runtime';
import { leadsTexts } from '../../i18n/en/leads';

/** What a click on the lock does before (or instead of) calling the API. */
export type UnlockStart =
  /** Not logged in: the purchase popup, whose closing leads to the login page. */
  | { kind: 'purchase-popup' }
  /** Already unlocked: the contact footer is simply shown. */
  | { kind: 'show' }
  /** A session without a user id: 'User ID not found. Please log in again.' and the login page. */
  | { kind: 'missing-user-id' }
  /** Admin (no credit) or a member with packages: the server's atomic unlock decides. */
  | { kind: 'unlock' };

export function startUnlock(
  user: Pick<CurrentUser, 'id' | 'role'> | null,
  lead: { unlocked: boolean },
): UnlockStart {
  if (!user) return { kind: 'purchase-popup' };
  if (lead.unlocked) return { kind: 'show' };
  if (user.role === 'Admin') return { kind: 'unlock' };
  if (!Number.isInteger(user.id) || user.id <= 0) return { kind: 'missing-user-id' };
  return { kind: 'unlock' };
}

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface UnlockFeedback {
  toasts: { kind: ToastKind; message: string; title?: string }[];
  /** Open the purchase popup (the member needs a package or credits). */
  purchasePopup: boolean;
  /** Send the user to the login page. */
  login: boolean;
}

/** Shown when an Unlimited package covered the unlock: no credit was used, so spec's success text would be wrong. */

/** Asked before a credit is spent: the dealer's whole balance, across packages. */
export const confirmSpendText = (balance: number) =>
  translate(leadsTexts, 'confirmSpend', { count: balance });

/** Whether a click on a lock should ask first: a credit will be spent (no live Unlimited package covers it). */
export function shouldConfirmSpend(
  credits: CreditsSummary | null | undefined,
): credits is CreditsSummary {
  return (
    credits !== null &&
    credits !== undefined &&
    credits.unlimitedUntil === null &&
    credits.balance > 0
  );
}

/**
 * The toasts of a successful unlock (docs/api.md "Credit flow"). `totalBalance` is the dealer's balance across every
 * package after the unlock (the answer's `creditsRemaining` is the one package's): what the nav bar shows too.
 */
export function feedbackForResult(
  result: UnlockResult,
  totalBalance: number | null = null,
): UnlockFeedback {
  const feedback: UnlockFeedback = { toasts: [], purchasePopup: false, login: false };
  if (result.charged && result.creditsRemaining !== null) {
    const remaining = totalBalance ?? result.creditsRemaining;
    feedback.toasts.push({
      kind: 'success',
      message: translate(leadsTexts, 'unlockSuccess', { count: remaining }),
    });
    if (remaining === 0) feedback.toasts.push({ kind: 'info', message: flowText('lastCredit') });
  } else if (!result.charged && result.creditsRemaining !== null) {
    feedback.toasts.push({ kind: 'success', message: flowText('unlimitedUnlock') });
  }
  // Not charged and no balance: already unlocked, or an Admin; the contact just shows.
  return feedback;
}

/**
 * The 400 texts that mean "buy a package": the atomic unlock's three (docs/api.md) and the spec's
 * subtract-credit texts, mapped to what the dealer reads (docs/api.md).
 */
const PURCHASE_WARNINGS: ReadonlyMap<string, FlowText> = new Map([
  [creditFlowMessages.noActivePackage, 'noActivePackage'],
  [creditFlowMessages.allCreditsUsed, 'allCreditsUsed'],
  [creditFlowMessages.expired, 'expired'],
  [creditFlowMessages.inactive, 'inactive'],
  [creditFlowMessages.noCreditsWarning, 'noCreditsWarning'],
  [apiMessages.noCreditsToSubtract, 'noCreditsWarning'],
  [apiMessages.packageExpired, 'expired'],
  [apiMessages.packageInactiveSubtract, 'inactive'],
]);

type FlowText = {
  [K in keyof typeof creditFlowMessages]: (typeof creditFlowMessages)[K] extends string ? K : never;
}[keyof typeof creditFlowMessages];

/** A credit-flow text in the reader's language, by its API code (docs/api.md "Error codes"). */
const flowText = (key: FlowText) => serverText(`creditFlow.${key}`, creditFlowMessages[key]);

/** A failed unlock: a package problem warns and opens the popup; anything else is spec's generic failure. */
export function feedbackForError(error: unknown): UnlockFeedback {
  if (error instanceof ApiError && error.status === 400) {
    const warning = PURCHASE_WARNINGS.get(serverMessageOf(error.body) ?? '');
    if (warning !== undefined)
      return {
        toasts: [{ kind: 'warning', message: flowText(warning) }],
        purchasePopup: true,
        login: false,
      };
    if (serverMessageOf(error.body) === creditFlowMessages.soldOut)
      return {
        toasts: [{ kind: 'warning', message: flowText('soldOut') }],
        purchasePopup: false,
        login: false,
      };
  }
  if (error instanceof ApiError && error.status === 401) {
    // The session was refused (and cleared by the client): log in again rather than "try later".
    return {
      toasts: [
        {
          kind: 'error',
          message: httpErrorTexts.unauthorized,
          title: httpErrorTexts.unauthorizedTitle,
        },
      ],
      purchasePopup: false,
      login: true,
    };
  }
  return {
    toasts: [{ kind: 'error', message: flowText('failed') }],
    purchasePopup: false,
    login: false,
  };
}
