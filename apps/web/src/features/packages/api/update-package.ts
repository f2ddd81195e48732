// PUT /api/packages/update/{id} (Admin): every field of a package, its status included; the package lists refresh.
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Package, PackageInput } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export interface UpdatePackageVariables {
  id: number;
  input: PackageInput;
}

export function updatePackage({ id, input }: UpdatePackageVariables): Promise<Package> {
  return api.put<Package>(`/packages/update/${id}`, input, { handleErrors: true });
}

export function updatePackageOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'update'],
    mutationFn: updatePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['packages'] }),
  });
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation(updatePackageOptions(queryClient));
}
