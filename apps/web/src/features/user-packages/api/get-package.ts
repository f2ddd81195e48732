// GET /api/packages/{id}: the chosen package's credits, unit and validity, which the user-package form derives from.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Package } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function getPackage(id: number): Promise<Package> {
  // Inside a modal: a missing package must not navigate to /not-found.
  return api.get<Package>(`/packages/${id}`, { handleErrors: true });
}

export function packageQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['packages', 'detail', id],
    queryFn: () => getPackage(id),
  });
}

/** The package with this id; idle while no package is chosen. */
export function usePackage(id: number | undefined) {
  const valid = id !== undefined && Number.isInteger(id) && id > 0;
  return useQuery({ ...packageQueryOptions(valid ? id : 0), enabled: valid });
}
