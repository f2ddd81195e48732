// What the dealer's credits screen and the Admin's view of a member share: the balance, the packages and the ledger.
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreditsSummary, LedgerEntry, LedgerKind } from '@dealerleads/shared';
import { DataTable } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { formatMediumDate } from '../../lib/format';
import { useLedger } from './api/get-ledger';
import { moneyTexts } from '../../i18n/en/money';
import { getLocale, liveTexts, useT } from '../../i18n/runtime';

export const ledgerKindLabels: Readonly<Record<LedgerKind, string>> = liveTexts(
  moneyTexts,
  'kind.',
);

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** An instant in India's time, in the reader's language. */
function formatDateTime(iso: string): string {
  const locale = getLocale();
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Kolkata',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    dateTimes.set(locale, format);
  }
  return format.format(new Date(iso));
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export function BalanceCard({ summary }: { summary: CreditsSummary }) {
  const t = useT(moneyTexts);
  return (
    <div className="card shadow-sm mb-3">
      <div className="card-body">
        <div className="text-body-secondary small">{t('balance')}</div>
        <div className="display-6" data-testid="credits-balance">
          {t('balanceCredits', { count: summary.balance })}
        </div>
        {summary.unlimitedUntil ? (
          <div>{t('unlimitedUntil', { date: formatMediumDate(summary.unlimitedUntil) })}</div>
        ) : null}
      </div>
    </div>
  );
}

export function PackagesTable({ summary }: { summary: CreditsSummary }) {
  const t = useT(moneyTexts);
  if (summary.packages.length === 0)
    return <p className="text-body-secondary">{t('noActivePackages')}</p>;
  return (
    <DataTable
      className="mb-3"
      variant="small"
      caption={t('activePackages')}
      columns={4}
      empty={false}
      emptyText=""
      head={
        <>
          <th scope="col">{t('package')}</th>
          <th scope="col">{t('balance')}</th>
          <th scope="col">{t('startDate')}</th>
          <th scope="col">{t('endDate')}</th>
        </>
      }
    >
      {summary.packages.map((p) => (
        <tr key={p.id}>
          <td>{p.packageName ?? t('unknown')}</td>
          <td>
            {p.packageType === 'Unlimited'
              ? t('unlimited')
              : t('balanceOf', { balance: p.balance, credits: p.credits })}
          </td>
          <td>{formatMediumDate(p.startDate)}</td>
          <td>
            {formatMediumDate(p.endDate)}
            {p.endingSoon ? (
              <span className="badge text-bg-warning ms-2">{t('endsSoon')}</span>
            ) : null}
            {p.live ? null : (
              <span className="badge text-bg-secondary ms-2">{t('notStarted')}</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const t = useT(moneyTexts);
  return (
    <tr>
      <td className="text-nowrap">{formatDateTime(entry.createdOn)}</td>
      <td>
        {t(`kind.${entry.kind}`)}
        {entry.leadId !== null ? (
          <>
            {' '}
            <Link to={paths.leadDetail(entry.leadId)}>
              {entry.leadTitle ?? t('leadNumber', { id: entry.leadId })}
            </Link>
          </>
        ) : null}
        {entry.reason ? <div className="small text-body-secondary">{entry.reason}</div> : null}
      </td>
      <td className="small">{entry.packageName ?? t('unknown')}</td>
      <td className={`text-end ${entry.amount < 0 ? 'text-danger' : 'text-success'}`}>
        {signed(entry.amount)}
      </td>
      <td className="text-end">{entry.balanceAfter}</td>
    </tr>
  );
}

/** The history, newest first; `userId` null for the caller's own. */
export function LedgerTable({ userId }: { userId: number | null }) {
  const t = useT(moneyTexts);
  const [page, setPage] = useState(1);
  const ledger = useLedger(userId, page);
  if (ledger.isPending) return <Spinner />;
  if (ledger.isError) return <p className="text-danger">{t('historyFailed')}</p>;
  const { items, pagination } = ledger.data;
  return (
    <>
      <DataTable
        variant="small"
        caption={t('history')}
        testId="ledger"
        columns={5}
        empty={items.length === 0}
        emptyText={t('noEntries')}
        head={
          <>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('what')}</th>
            <th scope="col">{t('package')}</th>
            <th scope="col" className="text-end">
              {t('credits')}
            </th>
            <th scope="col" className="text-end">
              {t('balance')}
            </th>
          </>
        }
      >
        {items.map((entry) => (
          <EntryRow key={entry.id} entry={entry} />
        ))}
      </DataTable>
      {pagination && pagination.totalPages > 1 ? (
        <Pagination
          currentPage={page}
          totalPages={pagination.totalPages}
          maxButtons={5}
          onPageChange={setPage}
          boundaryLinks
          ariaLabel={t('historyPages')}
        />
      ) : null}
    </>
  );
}
