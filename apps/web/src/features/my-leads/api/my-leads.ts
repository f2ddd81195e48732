// The My Leads API calls: the page (GET /api/me/leads), stage and follow-up changes, notes, the CSV and the due counts.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  MY_LEADS_PAGE_SIZE,
  type Dispute,
  type DisputeCreate,
  type FollowUpView,
  type LeadNote,
  type LeadStage,
  type MyLead,
  type MyLeadUpdate,
} from '@dealerleads/shared';
import { api, apiRequest, buildUrl, readPagination, type Paginated } from '../../../lib/api-client';
import { beginRequest, endRequest } from '../../../lib/busy';
import { getCurrentUser } from '../../../lib/session';
import { ApiError } from '../../../lib/api-error';

export interface MyLeadsView {
  pageNumber: number;
  searchterm: string;
  stage: LeadStage | undefined;
  due: FollowUpView | undefined;
}

export const myLeadsKey = ['my-leads'] as const;

function viewQuery(view: MyLeadsView) {
  return { searchterm: view.searchterm, stage: view.stage, due: view.due };
}

export async function getMyLeads(view: MyLeadsView): Promise<Paginated<MyLead>> {
  const response = await apiRequest<MyLead[]>('/me/leads', {
    query: { ...viewQuery(view), pageNumber: view.pageNumber, pageSize: MY_LEADS_PAGE_SIZE },
  });
  return { items: response.data, pagination: readPagination(response.headers) };
}

export function myLeadsQueryOptions(view: MyLeadsView) {
  return queryOptions({
    queryKey: [...myLeadsKey, 'list', view],
    queryFn: () => getMyLeads(view),
    placeholderData: keepPreviousData,
  });
}

export function useMyLeads(view: MyLeadsView) {
  return useQuery(myLeadsQueryOptions(view));
}

export function useUpdateMyLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, changes }: { leadId: number; changes: MyLeadUpdate }) =>
      api.put<MyLead>(`/me/leads/${leadId}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myLeadsKey }),
  });
}

export function notesQueryOptions(leadId: number) {
  return queryOptions({
    queryKey: [...myLeadsKey, 'notes', leadId],
    queryFn: () => api.get<LeadNote[]>(`/me/leads/${leadId}/notes`),
  });
}

export function useNotes(leadId: number) {
  return useQuery(notesQueryOptions(leadId));
}

export function useAddNote(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<LeadNote>(`/me/leads/${leadId}/notes`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myLeadsKey }),
  });
}

/** `POST /api/leads/{id}/disputes`: reports a problem with an unlocked lead; My Leads refreshes with its status. */
export function useReportProblem(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: DisputeCreate) =>
      api.post<Dispute>(`/leads/${leadId}/disputes`, report, { handleErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myLeadsKey }),
  });
}

/**
 * The CSV as bytes (fetch's text() would drop the byte order mark Excel needs to read ₹), saved through a
 * temporary link.
 */
export async function downloadMyLeadsCsv(view: MyLeadsView): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' });
  const user = getCurrentUser();
  if (user) headers.set('Authorization', `Bearer ${user.token}`);
  beginRequest();
  try {
    const response = await fetch(buildUrl('/me/leads.csv', viewQuery(view)), { headers });
    if (!response.ok) throw new ApiError(response.status, response.statusText, null);
    const blob = await response.blob();
    const name =
      /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
      'my-leads.csv';
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } finally {
    endRequest();
  }
}
