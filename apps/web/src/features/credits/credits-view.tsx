// What the dealer's credits screen and the Admin's view of a member share: the balance, the packages and the ledger.
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreditsSummary, LedgerEntry, LedgerKind } from '@dealerleads/shared';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { formatMediumDate } from '../../lib/format';
import { useLedger } from './api/get-ledger';

export const ledgerKindLabels: Record<LedgerKind, string> = {
  grant: 'Package granted',
  unlock: 'Lead unlocked',
  refund: 'Refund',
  expiry: 'Package expired',
  adjustment: 'Adjustment',
};

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export function BalanceCard({ summary }: { summary: CreditsSummary }) {
  return (
    <div className="card shadow-sm mb-3">
      <div className="card-body">
        <div className="text-body-secondary small">Balance</div>
        <div className="display-6" data-testid="credits-balance">
          {summary.balance} credits
        </div>
        {summary.unlimitedUntil ? (
          <div>Unlimited unlocks until {formatMediumDate(summary.unlimitedUntil)}</div>
        ) : null}
      </div>
    </div>
  );
}

export function PackagesTable({ summary }: { summary: CreditsSummary }) {
  if (summary.packages.length === 0)
    return <p className="text-body-secondary">No active packages.</p>;
  return (
    // A table wider than a phone scrolls in its own region, which the keyboard must reach (focusable, named).
    <div className="table-responsive mb-3" tabIndex={0} role="region" aria-label="Active packages">
      <table className="table table-sm align-middle">
        <caption className="caption-top">Active packages</caption>
        <thead>
          <tr>
            <th scope="col">Package</th>
            <th scope="col">Balance</th>
            <th scope="col">Start Date</th>
            <th scope="col">End Date</th>
          </tr>
        </thead>
        <tbody>
          {summary.packages.map((p) => (
            <tr key={p.id}>
              <td>{p.packageName ?? 'Unknown'}</td>
              <td>
                {p.packageType === 'Unlimited' ? 'Unlimited' : `${p.balance} of ${p.credits}`}
              </td>
              <td>{formatMediumDate(p.startDate)}</td>
              <td>
                {formatMediumDate(p.endDate)}
                {p.endingSoon ? (
                  <span className="badge text-bg-warning ms-2">Ends soon</span>
                ) : null}
                {p.live ? null : <span className="badge text-bg-secondary ms-2">Not started</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  return (
    <tr>
      <td className="text-nowrap">{dateTime.format(new Date(entry.createdOn))}</td>
      <td>
        {ledgerKindLabels[entry.kind]}
        {entry.leadId !== null ? (
          <>
            {' '}
            <Link to={paths.leadDetail(entry.leadId)}>
              {entry.leadTitle ?? `Lead ${entry.leadId}`}
            </Link>
          </>
        ) : null}
        {entry.reason ? <div className="small text-body-secondary">{entry.reason}</div> : null}
      </td>
      <td className="small">{entry.packageName ?? 'Unknown'}</td>
      <td className={`text-end ${entry.amount < 0 ? 'text-danger' : 'text-success'}`}>
        {signed(entry.amount)}
      </td>
      <td className="text-end">{entry.balanceAfter}</td>
    </tr>
  );
}

/** The history, newest first; `userId` null for the caller's own. */
export function LedgerTable({ userId }: { userId: number | null }) {
  const [page, setPage] = useState(1);
  const ledger = useLedger(userId, page);
  if (ledger.isPending) return <Spinner />;
  if (ledger.isError) return <p className="text-danger">Could not load the history.</p>;
  const { items, pagination } = ledger.data;
  return (
    <>
      <div className="table-responsive" tabIndex={0} role="region" aria-label="History">
        <table className="table table-sm align-middle" data-testid="ledger">
          <caption className="caption-top">History</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Package</th>
              <th scope="col" className="text-end">
                Credits
              </th>
              <th scope="col" className="text-end">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={5}>No entries yet.</td>
              </tr>
            ) : (
              items.map((entry) => <EntryRow key={entry.id} entry={entry} />)
            )}
          </tbody>
        </table>
      </div>
      {pagination && pagination.totalPages > 1 ? (
        <Pagination
          currentPage={page}
          totalPages={pagination.totalPages}
          maxButtons={5}
          onPageChange={setPage}
          boundaryLinks
          ariaLabel="History pages"
        />
      ) : null}
    </>
  );
}
