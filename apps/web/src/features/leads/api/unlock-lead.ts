// POST /api/leads/{id}/unlock: the atomic credit unlock (docs/api.md); the answer's lead replaces every cached copy.
import { MutationObserver, mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Lead, UnlockResult } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { myCreditsKey } from '../../../lib/my-credits';
import type { LeadPage } from './get-leads';
import { leadKeys } from './lead-keys';

export function unlockLead(id: number): Promise<UnlockResult> {
  // Every outcome has its own docs/api.md text, so the flow reads the errors itself.
  return api.post<UnlockResult>(`/leads/${id}/unlock`, undefined, { handleErrors: true });
}

/** Puts the unlocked lead into the cached list pages and the detail, without reloading 60 leads. */
export function storeUnlockedLead(queryClient: QueryClient, lead: Lead): void {
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists() }, (page) =>
    page?.items.some((item) => item.id === lead.id)
      ? { ...page, items: page.items.map((item) => (item.id === lead.id ? lead : item)) }
      : page,
  );
  queryClient.setQueryData(leadKeys.detail(lead.id), lead);
}

export function unlockLeadOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: [...leadKeys.all, 'unlock'],
    mutationFn: unlockLead,
    onSuccess: (result: UnlockResult) => {
      storeUnlockedLead(queryClient, result.lead);
      // The balance in the nav bar and on the credits screen moved (or a package expired on the way).
      void queryClient.invalidateQueries({ queryKey: myCreditsKey });
    },
  });
}

/**
 * Runs the unlock as a TanStack mutation outside a component: the flow that calls it loads on the
 * first lock click (the lead list's first download has a budget), so no `useMutation` hook here.
 */
export function runUnlockLead(queryClient: QueryClient, id: number): Promise<UnlockResult> {
  return new MutationObserver(queryClient, unlockLeadOptions(queryClient)).mutate(id);
}
