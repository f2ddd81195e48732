// PUT /api/users/update/{id}: the member edit form's save; the member lists and the record refresh.
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Member, MemberUpdate } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export interface UpdateMemberVariables {
  id: number;
  /** Without `role` and `status` when members edit themselves: the API refuses those keys (docs/deviations.md). */
  changes: MemberUpdate;
}

export function updateMember({ id, changes }: UpdateMemberVariables): Promise<Member> {
  // The form lists field errors and toasts business-rule texts itself (lib/report-error.ts).
  return api.put<Member>(`/users/update/${id}`, changes, { handleErrors: true });
}

export function updateMemberOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['members', 'update'],
    mutationFn: updateMember,
    onSuccess: async (member: Member) => {
      queryClient.setQueryData(['members', 'detail', member.userName.toLowerCase()], member);
      await queryClient.invalidateQueries({ queryKey: ['members', 'list'] });
    },
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation(updateMemberOptions(queryClient));
}
