// POST /api/userpackage/add (Admin): assign a package; the server derives credits, dates and balance. The lists refresh.
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { UserPackage, UserPackageInput } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function addUserPackage(input: UserPackageInput): Promise<UserPackage> {
  // Business-rule texts ('This package is inactive and cannot be assigned') are toasted by the screen.
  return api.post<UserPackage>('/userpackage/add', input, { handleErrors: true });
}

export function addUserPackageOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['user-packages', 'add'],
    mutationFn: addUserPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-packages'] }),
  });
}

export function useAddUserPackage() {
  const queryClient = useQueryClient();
  return useMutation(addUserPackageOptions(queryClient));
}
