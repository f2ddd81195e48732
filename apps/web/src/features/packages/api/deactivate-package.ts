// PUT /api/packages/deactivate/{id} (Admin, empty body): the package turns inactive; the package lists refresh.
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Package } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function deactivatePackage(id: number): Promise<Package> {
  return api.put<Package>(`/packages/deactivate/${id}`, undefined, { handleErrors: true });
}

export function deactivatePackageOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'deactivate'],
    mutationFn: deactivatePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['packages'] }),
  });
}

export function useDeactivatePackage() {
  const queryClient = useQueryClient();
  return useMutation(deactivatePackageOptions(queryClient));
}
