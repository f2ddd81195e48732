// The Audit screen (dealers/audit, Admin; lazy-loaded): who changed what and when, filtered by actor, action and days.
import { useEffect, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, type AuditEntry } from '@dealerleads/shared';
import { DataTable } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { usePageAndSearch } from '../../hooks/use-page-and-search';
import { reportLoadError } from '../../lib/report-error';
import { paths } from '../../config/paths';
import { useAuditLog } from './api/get-audit-log';
import { AuditChangeList } from './audit-changes';
import { adminTexts } from '../../i18n/en/admin';
import { getLocale, liveTexts, useT } from '../../i18n/runtime';

export const auditTexts = liveTexts(adminTexts, 'audit.');

const FILTERS = ['actor', 'action', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** An instant in India's time, in the reader's language (useT re-renders the page when it changes). */
function formatDateTime(iso: string): string {
  const locale = getLocale();
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Kolkata',
      dateStyle: 'medium',
      timeStyle: 'medium',
    });
    dateTimes.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** What an entry was about: the member by name when it concerns one (never "member #3"), else its type and id. */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const member = entry.targetMember;
  if (member)
    return (
      <>
        <Link to={paths.memberDetail(member.userName)} data-testid="audit-target-member">
          {member.name || member.userName}
        </Link>{' '}
        <span className="text-body-secondary">({member.userName})</span>
      </>
    );
  return (
    <>
      {entry.targetType}
      {entry.targetId ? ` #${entry.targetId}` : ''}
    </>
  );
}

export function AuditPage() {
  const t = useT(adminTexts);
  const { page, params, setPage, setFilter, reset } = usePageAndSearch();
  const applied = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? '']),
  ) as Record<FilterName, string>;
  const log = useAuditLog({ pageNumber: page, ...applied });

  useEffect(() => {
    if (log.isError) reportLoadError(log.error, t('audit.loadFailed'));
  }, [log.isError, log.error, t]);

  const items = log.data?.items ?? [];
  const pagination = log.data?.pagination ?? null;

  // The actor box applies on Enter, Apply or leaving it, so typing a name does not fire a request per letter.
  const submitActor = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('actor', String(new FormData(event.currentTarget).get('actor') ?? '').trim());
  };

  return (
    <section className="container py-3">
      <h1 className="h3 mb-3">
        {t('audit.title')}{' '}
        {pagination ? (
          <small className="text-body-secondary fs-5">
            ({pagination.totalItems} {t('entries')}
          </small>
        ) : null}
      </h1>
      <form
        className="row g-2 align-items-end mb-3"
        onSubmit={submitActor}
        aria-label={t('auditFilters')}
      >
        <div className="col-sm-6 col-lg-3">
          <label htmlFor="audit-actor" className="form-label">
            {t('adminUserName')}
          </label>
          <input
            id="audit-actor"
            className="form-control"
            name="actor"
            // A new key when the applied filter changes (Reset, Back) refills the box from the URL.
            key={applied.actor}
            defaultValue={applied.actor}
            maxLength={50}
            onBlur={(event) => setFilter('actor', event.target.value.trim())}
          />
        </div>
        <div className="col-sm-6 col-lg-3">
          <label htmlFor="audit-action" className="form-label">
            {t('action')}
          </label>
          <select
            id="audit-action"
            className="form-select"
            value={applied.action}
            onChange={(event) => setFilter('action', event.target.value)}
          >
            <option value="">{t('allActions')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        {(
          [
            { name: 'from', label: 'From', bounds: { max: applied.to || undefined } },
            { name: 'to', label: 'To', bounds: { min: applied.from || undefined } },
          ] as const
        ).map(({ name, label, bounds }) => (
          <div className="col-6 col-lg-2" key={name}>
            <label htmlFor={`audit-${name}`} className="form-label">
              {label}
            </label>
            <input
              id={`audit-${name}`}
              type="date"
              className="form-control"
              value={applied[name]}
              {...bounds}
              onChange={(event) => setFilter(name, event.target.value)}
            />
          </div>
        ))}
        <div className="col-lg-2 d-flex gap-2">
          <button type="submit" className="btn btn-primary">
            {t('apply')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={reset}>
            {t('resetFilters')}
          </button>
        </div>
      </form>

      <div className="card shadow-sm mb-3">
        <DataTable
          columns={5}
          empty={items.length === 0}
          emptyText={log.isPending ? t('loading') : t('audit.empty')}
          head={
            <>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('admin')}</th>
              <th scope="col">{t('action')}</th>
              <th scope="col">{t('target')}</th>
              <th scope="col">{t('changesBeforeAfter')}</th>
            </>
          }
        >
          {items.map((entry) => (
            <tr key={entry.id} data-testid="audit-entry">
              <td className="text-nowrap">{formatDateTime(entry.createdOn)}</td>
              <td>
                {entry.actorUserName}
                {entry.ip ? <div className="small text-body-secondary">{entry.ip}</div> : null}
              </td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>
                <AuditTarget entry={entry} />
              </td>
              <td>
                <AuditChangeList changes={entry.changes} />
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      {pagination && pagination.totalPages > 1 ? (
        <Pagination
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          maxButtons={5}
          onPageChange={setPage}
          ariaLabel={t('auditPages')}
        />
      ) : null}
    </section>
  );
}
