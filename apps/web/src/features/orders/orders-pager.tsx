// The page links under an orders list (My orders, Payments), shown only when there is more than one page.
import type { Pagination as PaginationInfo } from '@dealerleads/shared';
import { Pagination } from '../../components/pagination';
import { moneyTexts } from '../../i18n/en/money';
import { translate } from '../../i18n/runtime';

export function OrdersPager({
  pagination,
  page,
  onPageChange,
}: {
  pagination: PaginationInfo | null | undefined;
  page: number;
  onPageChange: (page: number) => void;
}) {
  if (!pagination || pagination.totalPages <= 1) return null;
  return (
    <Pagination
      className="mt-3"
      currentPage={page}
      totalPages={pagination.totalPages}
      maxButtons={5}
      onPageChange={onPageChange}
      ariaLabel={translate(moneyTexts, 'orderPages')}
    />
  );
}
