// PUT /api/userpackage/update/{id} (Admin): change an assignment (derived fields recomputed by the server). The lists refresh.
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { UserPackage, UserPackageInput } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export interface UpdateUserPackageVariables {
  id: number;
  input: UserPackageInput;
}

export function updateUserPackage({ id, input }: UpdateUserPackageVariables): Promise<UserPackage> {
  return api.put<UserPackage>(`/userpackage/update/${id}`, input, { handleErrors: true });
}

export function updateUserPackageOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['user-packages', 'update'],
    mutationFn: updateUserPackage,
    // Refused ones too: the usual cause is a balance that changed meanwhile (a dealer unlocked a lead).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user-packages'] }),
  });
}

export function useUpdateUserPackage() {
  const queryClient = useQueryClient();
  return useMutation(updateUserPackageOptions(queryClient));
}
