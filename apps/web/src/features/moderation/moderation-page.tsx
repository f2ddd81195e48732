// Admin moderation queue (/dealers/moderation, lazy chunk): flagged leads with why, approve or deactivate with a reason.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import {
  FAST_FILL_SECONDS,
  type ModerationFlag,
  type ModerationItem,
  type ModerationStatus,
} from '@dealerleads/shared';
import { findBrand } from '@dealerleads/shared/catalogues';
import { DataTable } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { StatusTabs, type StatusTab } from '../../components/status-tabs';
import { useStatusPage } from '../../hooks/use-status-page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { formatInr } from '../../lib/format';
import { formatMediumDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDecideModeration } from './api/decide-moderation';
import { useModeration } from './api/get-moderation';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT, type TFunction } from '../../i18n/runtime';

export const moderationTexts = liveTexts(adminTexts, 'moderation.');

const STATUS_TABS: StatusTab<ModerationStatus>[] = [
  { value: 'flagged', label: 'Flagged' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Deactivated' },
];

const brandName = (slug: string) => findBrand(slug)?.label ?? slug;

function flagText(
  flag: ModerationFlag,
  item: ModerationItem,
  t: TFunction<typeof adminTexts.en>,
): string {
  switch (flag) {
    case 'repeated_phone':
      return t('flagRepeatedPhone', { count: item.phoneSubmissions });
    case 'fake_phone':
      return t('flagFakePhone');
    case 'price_off_market':
      return t('flagPriceOffMarket');
    case 'fast_fill':
      return t('flagFastFill', { seconds: FAST_FILL_SECONDS });
    case 'busy_ip':
      return t('flagBusyIp');
  }
}

function DeactivateModal({
  item,
  busy,
  onConfirm,
  onCancel,
}: {
  item: ModerationItem | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const t = useT(adminTexts);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = touched && reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (reason.trim() !== '') onConfirm(reason.trim());
  };
  return (
    <Modal show={item !== null} onHide={onCancel} centered aria-labelledby="deactivate-title">
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="deactivate-title">
            {t('deactivateLead')} {item?.id}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor="deactivate-reason" className="form-label">
            {t('reason')}
          </label>
          <textarea
            id="deactivate-reason"
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            rows={3}
            maxLength={500}
            value={reason}
            aria-invalid={invalid}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          {invalid ? <div className="invalid-feedback">{t('giveAReason')}</div> : null}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {t('deactivate')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

export function ModerationPage() {
  const t = useT(adminTexts);
  const { status, setStatus, pageNumber, setPageNumber } =
    useStatusPage<ModerationStatus>('flagged');
  const { data, isPending } = useModeration({ status, pageNumber });
  const decide = useDecideModeration();
  const [deactivating, setDeactivating] = useState<ModerationItem | null>(null);
  const items = data?.items ?? [];
  const totalPages = data?.pagination?.totalPages;

  // A decision that empties the last page leaves it past the end: show the new last page, not 'No leads waiting'
  // (adjusted while rendering, React's pattern for state that follows a prop).
  if (totalPages !== undefined && totalPages > 0 && pageNumber > totalPages)
    setPageNumber(totalPages);

  const run = async (decision: Parameters<typeof decide.mutateAsync>[0], done: string) => {
    try {
      await decide.mutateAsync(decision);
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error, moderationTexts.failed));
    }
  };

  return (
    <section className="container py-3">
      <h1 className="h3 mb-3">{moderationTexts.title}</h1>
      <StatusTabs tabs={STATUS_TABS} value={status} onChange={setStatus} />
      <DataTable
        columns={7}
        empty={!isPending && items.length === 0}
        emptyText={
          status === 'approved'
            ? moderationTexts.emptyApproved
            : status === 'rejected'
              ? moderationTexts.emptyRejected
              : moderationTexts.empty
        }
        head={
          <>
            <th scope="col">{t('lead')}</th>
            <th scope="col">{t('owner')}</th>
            <th scope="col">{t('car')}</th>
            <th scope="col">{t('submitted')}</th>
            <th scope="col">{t('why')}</th>
            <th scope="col">{status === 'rejected' ? t('reason') : t('status')}</th>
            <th scope="col">{t('actions')}</th>
          </>
        }
      >
        {items.map((item) => (
          <tr key={item.id} data-testid="moderation-row">
            <td>
              <Link to={paths.leadDetail(item.id)}>#{item.id}</Link>
            </td>
            <td>
              {item.fullName}
              <div className="small text-body-secondary">{item.phoneNumber}</div>
            </td>
            <td>
              {item.year} {brandName(item.brand)} {item.model}
              <div className="small text-body-secondary">
                {item.city} · {formatInr(item.price)}
              </div>
            </td>
            <td>{formatMediumDate(item.createdOn)}</td>
            <td>
              {item.flags.map((flag) => (
                <span key={flag} className="badge text-bg-warning me-1">
                  {flagText(flag, item, t)}
                </span>
              ))}
            </td>
            <td>{status === 'rejected' ? item.note : item.status ? t('onTheList') : t('held')}</td>
            <td className="text-nowrap">
              {item.moderationStatus === 'flagged' ? (
                <>
                  <button
                    type="button"
                    className="btn btn-sm btn-success me-1"
                    disabled={decide.isPending}
                    onClick={() =>
                      void run({ id: item.id, approve: true }, moderationTexts.approved)
                    }
                  >
                    {t('approve')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={decide.isPending}
                    onClick={() => setDeactivating(item)}
                  >
                    {t('deactivate')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {data?.pagination && data.pagination.totalPages > 1 ? (
        <Pagination
          className="mt-3"
          currentPage={pageNumber}
          totalPages={data.pagination.totalPages}
          maxButtons={5}
          onPageChange={setPageNumber}
        />
      ) : null}
      <DeactivateModal
        key={deactivating?.id ?? 0}
        item={deactivating}
        busy={decide.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={(reason) => {
          const item = deactivating;
          setDeactivating(null);
          if (item) void run({ id: item.id, approve: false, reason }, moderationTexts.deactivated);
        }}
      />
    </section>
  );
}
