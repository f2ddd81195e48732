// The unlock flow's actions (lazy, on the first lock click): docs/rules.md's steps with the atomic unlock, toasts, popup and login.
import type { QueryClient } from '@tanstack/react-query';
import { creditFlowMessages, type CurrentUser, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { myCreditsQueryOptions } from '../../lib/my-credits';
import { notify } from '../../lib/notify';
import { runUnlockLead } from './api/unlock-lead';
import {
  confirmSpendText,
  feedbackForError,
  feedbackForResult,
  shouldConfirmSpend,
  startUnlock,
  type UnlockFeedback,
} from './unlock-flow';

export interface UnlockContext {
  user: CurrentUser | null;
  queryClient: QueryClient;
  navigate: (to: string) => void;
  /** Opens the purchase popup; `anonymous` makes its closing lead to the login page. */
  openPurchasePopup: (anonymous: boolean) => void;
  /** The lead whose unlock is in flight (null when done). */
  setPending: (leadId: number | null) => void;
  /** Asks the dealer before a credit is spent; the browser's own dialog unless given. */
  confirm?: (question: string) => boolean;
}

/** The dealer's balance across packages (fresh when `fresh`); null for an Admin or when it cannot be read. */
async function totalCredits(context: UnlockContext, fresh: boolean) {
  const user = context.user;
  if (!user || user.role === 'Admin') return null;
  return context.queryClient
    .fetchQuery({ ...myCreditsQueryOptions(user.id), ...(fresh ? { staleTime: 0 } : {}) })
    .catch(() => null);
}

function announce(feedback: UnlockFeedback) {
  for (const toast of feedback.toasts) notify[toast.kind](toast.message, toast.title);
}

export async function runUnlock(lead: Pick<Lead, 'id' | 'unlocked'>, context: UnlockContext) {
  const start = startUnlock(context.user, lead);
  switch (start.kind) {
    case 'purchase-popup':
      context.openPurchasePopup(true);
      return;
    case 'show':
      return;
    case 'missing-user-id':
      notify.error(creditFlowMessages.missingUserId);
      context.navigate(paths.login);
      return;
    case 'unlock':
      break;
  }
  context.setPending(lead.id);
  try {
    const before = await totalCredits(context, false);
    const ask = context.confirm ?? ((question: string) => window.confirm(question));
    if (shouldConfirmSpend(before) && !ask(confirmSpendText(before.balance))) return;
    const result = await runUnlockLead(context.queryClient, lead.id);
    const after = result.charged ? await totalCredits(context, true) : null;
    announce(feedbackForResult(result, after?.balance ?? null));
  } catch (error) {
    const feedback = feedbackForError(error);
    announce(feedback);
    if (feedback.purchasePopup) context.openPurchasePopup(false);
    if (feedback.login) context.navigate(paths.login);
  } finally {
    context.setPending(null);
  }
}
