// The Admin's disputes queue: GET /api/disputes (pending first) and PUT /api/disputes/{id}/approve|reject.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  DISPUTES_PAGE_SIZE,
  type AdminDispute,
  type DisputeDecisionResult,
  type DisputeStatus,
} from '@dealerleads/shared';
import { api, type Paginated } from '../../../lib/api-client';

export interface DisputeSearch {
  status: DisputeStatus | undefined;
  pageNumber: number;
}

export const disputesKey = ['disputes'] as const;

export function getDisputes(search: DisputeSearch): Promise<Paginated<AdminDispute>> {
  return api.getPage<AdminDispute>('/disputes', {
    query: { status: search.status, pageNumber: search.pageNumber, pageSize: DISPUTES_PAGE_SIZE },
  });
}

export function disputesQueryOptions(search: DisputeSearch) {
  return queryOptions({
    queryKey: [...disputesKey, search],
    queryFn: () => getDisputes(search),
    placeholderData: keepPreviousData,
  });
}

export function useDisputes(search: DisputeSearch) {
  return useQuery(disputesQueryOptions(search));
}

export interface DisputeDecision {
  id: number;
  approve: boolean;
  note: string;
}

export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: DisputeDecision) =>
      api.put<DisputeDecisionResult>(
        `/disputes/${id}/${approve ? 'approve' : 'reject'}`,
        { note },
        { handleErrors: true },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: disputesKey });
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}
