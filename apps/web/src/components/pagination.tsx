// Page links for every paged list: first/previous/next/last, boundary links and at most `maxButtons` page buttons.
import { layoutTexts } from '../i18n/en/layout';
import { useT } from '../i18n/runtime';

export interface PaginationLabels {
  first: string;
  previous: string;
  next: string;
  last: string;
}

export interface PaginationProps {
  currentPage: number;
  totalPages: number;
  /** Page buttons shown at most (docs/rules.md: leads 6, members 12, packages 5). */
  maxButtons: number;
  /** Called only with a page that differs from the current one. */
  onPageChange: (page: number) => void;
  /** First and last links. */
  boundaryLinks?: boolean;
  /** Previous and next links. */
  directionLinks?: boolean;
  labels?: Partial<PaginationLabels>;
  ariaLabel?: string;
  className?: string;
}

const defaultLabels: PaginationLabels = { first: '«', previous: '‹', next: '›', last: '»' };

/** The window of page numbers around the current page, at most `maxButtons` long. */
export function pageWindow(currentPage: number, totalPages: number, maxButtons: number): number[] {
  if (totalPages < 1) return [];
  const size = Math.max(1, Math.min(maxButtons, totalPages));
  const current = Math.min(Math.max(1, currentPage), totalPages);
  let start = Math.max(1, current - Math.floor(size / 2));
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

function PageItem(props: {
  label: string;
  ariaLabel: string;
  page: number;
  disabled?: boolean;
  active?: boolean;
  onSelect: (page: number) => void;
}) {
  const { label, ariaLabel, page, disabled = false, active = false, onSelect } = props;
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}${active ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-label={ariaLabel}
        aria-current={active ? 'page' : undefined}
        disabled={disabled}
        onClick={() => onSelect(page)}
      >
        {label}
      </button>
    </li>
  );
}

export function Pagination({
  currentPage,
  totalPages,
  maxButtons,
  onPageChange,
  boundaryLinks = true,
  directionLinks = true,
  labels,
  ariaLabel,
  className = '',
}: PaginationProps) {
  const t = useT(layoutTexts);
  if (totalPages < 1) return null;
  const text = { ...defaultLabels, ...labels };
  const onFirst = currentPage <= 1;
  const onLast = currentPage >= totalPages;
  const select = (page: number) => {
    const target = Math.min(Math.max(1, page), totalPages);
    if (target !== currentPage) onPageChange(target);
  };

  return (
    <nav aria-label={ariaLabel ?? t('pages')} className={className}>
      <ul className="pagination flex-wrap justify-content-center mb-0">
        {boundaryLinks ? (
          <PageItem
            label={text.first}
            ariaLabel={t('firstPage')}
            page={1}
            disabled={onFirst}
            onSelect={select}
          />
        ) : null}
        {directionLinks ? (
          <PageItem
            label={text.previous}
            ariaLabel={t('previousPage')}
            page={currentPage - 1}
            disabled={onFirst}
            onSelect={select}
          />
        ) : null}
        {pageWindow(currentPage, totalPages, maxButtons).map((page) => (
          <PageItem
            key={page}
            label={String(page)}
            ariaLabel={t('pageNumber', { page })}
            page={page}
            active={page === currentPage}
            onSelect={select}
          />
        ))}
        {directionLinks ? (
          <PageItem
            label={text.next}
            ariaLabel={t('nextPage')}
            page={currentPage + 1}
            disabled={onLast}
            onSelect={select}
          />
        ) : null}
        {boundaryLinks ? (
          <PageItem
            label={text.last}
            ariaLabel={t('lastPage')}
            page={totalPages}
            disabled={onLast}
            onSelect={select}
          />
        ) : null}
      </ul>
    </nav>
  );
}
