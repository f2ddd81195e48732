// GET /api/me/ledger or /api/members/{userId}/ledger: a page of credit entries, newest first, with running balance.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LEDGER_PAGE_SIZE, type LedgerEntry } from '@dealerleads/shared';
import { api, type Paginated } from '../../../lib/api-client';

/** `userId` null: the caller's own ledger. */
export function getLedger(
  userId: number | null,
  pageNumber: number,
): Promise<Paginated<LedgerEntry>> {
  const path = userId === null ? '/me/ledger' : `/members/${userId}/ledger`;
  return api.getPage<LedgerEntry>(path, { query: { pageNumber, pageSize: LEDGER_PAGE_SIZE } });
}

export function ledgerQueryOptions(userId: number | null, pageNumber: number) {
  return queryOptions({
    queryKey: ['me', 'credits', 'ledger', userId, pageNumber],
    queryFn: () => getLedger(userId, pageNumber),
    placeholderData: keepPreviousData,
  });
}

export function useLedger(userId: number | null, pageNumber: number) {
  return useQuery(ledgerQueryOptions(userId, pageNumber));
}
