// POST /api/packages/add (Admin): a new package; the package lists refresh.
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Package, PackageInput } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function addPackage(input: PackageInput): Promise<Package> {
  // The screen toasts the server's own text ('Package code is already in use'): see lib/report-error.ts.
  return api.post<Package>('/packages/add', input, { handleErrors: true });
}

export function addPackageOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'add'],
    mutationFn: addPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['packages'] }),
  });
}

export function useAddPackage() {
  const queryClient = useQueryClient();
  return useMutation(addPackageOptions(queryClient));
}
