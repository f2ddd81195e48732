// GET /api/packages/dropdown (Admin): the active packages as id and packageName, for the user-package form's Package select.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageDropdownItem } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function getPackageDropdown(): Promise<PackageDropdownItem[]> {
  return api.get<PackageDropdownItem[]>('/packages/dropdown', { handleErrors: true });
}

export const packageDropdownQueryOptions = queryOptions({
  queryKey: ['packages', 'dropdown'],
  queryFn: getPackageDropdown,
});

export function usePackageDropdown() {
  return useQuery(packageDropdownQueryOptions);
}
