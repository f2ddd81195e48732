// POST /api/leads: an owner submits a car (docs/deviations.md) with consent; open, rate-limited; the answer carries the owner's private link.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadSubmission, LeadSubmissionResult } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

/**
 * Errors come back untouched: the wizard shows every failure on the form (a toast reading
 * 'Bad Request' would tell an owner nothing). No token is sent: the call is open, and a stale
 * stored session must not turn an owner's submission into a 401.
 */
export function submitLead(submission: LeadSubmission): Promise<LeadSubmissionResult> {
  return api.post<LeadSubmissionResult>('/leads', submission, {
    handleErrors: true,
    anonymous: true,
  });
}

export const submitLeadOptions = mutationOptions({
  mutationKey: ['leads', 'submit'],
  mutationFn: submitLead,
});

export function useSubmitLead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...submitLeadOptions,
    // The new lead heads the lead list: cached lead pages are out of date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leads'] }),
  });
}
