// The unlock flow's actions (lazy, on the first lock click): docs/rules.md's steps with the atomic unlock, toasts, popup and login.
import type { QueryClient } from '@tanstack/react-query';
import { creditFlowMessages, type CurrentUser, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { runUnlockLead } from './api/unlock-lead';
import {
  feedbackForError,
  feedbackForResult,
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
    announce(feedbackForResult(await runUnlockLead(context.queryClient, lead.id)));
  } catch (error) {
    const feedback = feedbackForError(error);
    announce(feedback);
    if (feedback.purchasePopup) context.openPurchasePopup(false);
    if (feedback.login) context.navigate(paths.login);
  } finally {
    context.setPending(null);
  }
}
