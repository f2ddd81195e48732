// Admin disputes queue (/dealers/disputes, lazy chunk): pending first; each with the lead, the dealer, the reason and
// note, and the lead's other disputes; approve (refund) or reject with a note (docs/credits.md).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import {
  DISPUTE_NOTE_MAX,
  disputeReasonLabels,
  disputeStatusLabels,
  type AdminDispute,
  type DisputeStatus,
} from '@dealerleads/shared';
import { DataTable } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { StatusTabs, type StatusTab } from '../../components/status-tabs';
import { useStatusPage } from '../../hooks/use-status-page';
import { paths } from '../../config/paths';
import { formatLeadDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';
import { useDecideDispute, useDisputes } from './api/disputes';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

export const disputesTexts = liveTexts(adminTexts, 'disputes.');

const TABS: StatusTab<DisputeStatus | undefined>[] = [
  { value: undefined, label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const BADGES = {
  pending: 'text-bg-secondary',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
} as const;

interface Deciding {
  dispute: AdminDispute;
  approve: boolean;
}

function DecisionModal({
  deciding,
  busy,
  onConfirm,
  onCancel,
}: {
  deciding: Deciding | null;
  busy: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}) {
  const t = useT(adminTexts);
  const [note, setNote] = useState('');
  const approve = deciding?.approve ?? false;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(note.trim());
  };
  return (
    <Modal show={deciding !== null} onHide={onCancel} centered aria-labelledby="decision-title">
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="decision-title">
            {approve ? disputesTexts.approveTitle : disputesTexts.rejectTitle}
            {t('dispute')} {deciding?.dispute.id}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{approve ? disputesTexts.approveHelp : disputesTexts.rejectHelp}</p>
          <label htmlFor="decision-note" className="form-label">
            {disputesTexts.note}
          </label>
          <textarea
            id="decision-note"
            className="form-control"
            rows={3}
            maxLength={DISPUTE_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${approve ? 'btn-success' : 'btn-danger'}`}
            disabled={busy}
          >
            {approve ? t('approve') : t('reject')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

export function DisputesPage() {
  const t = useT(adminTexts);
  const { status, setStatus, pageNumber, setPageNumber } = useStatusPage<DisputeStatus | undefined>(
    undefined,
  );
  const { data, isPending } = useDisputes({ status, pageNumber });
  const decide = useDecideDispute();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const items = data?.items ?? [];
  const totalPages = data?.pagination?.totalPages;

  // A decision that empties the last page of a status leaves it past the end: show the new last page instead
  // (adjusted while rendering, React's pattern for state that follows a prop).
  if (totalPages !== undefined && totalPages > 0 && pageNumber > totalPages)
    setPageNumber(totalPages);

  const run = async (decision: Deciding, note: string) => {
    try {
      const result = await decide.mutateAsync({
        id: decision.dispute.id,
        approve: decision.approve,
        note,
      });
      notify.success(result.message);
    } catch (error) {
      reportSaveError(error, disputesTexts.failed);
    }
  };

  return (
    <section className="container py-3">
      <h1 className="h3 mb-3">{disputesTexts.title}</h1>
      <StatusTabs tabs={TABS} value={status} onChange={setStatus} />
      <DataTable
        columns={7}
        empty={!isPending && items.length === 0}
        emptyText={disputesTexts.empty}
        head={
          <>
            <th scope="col">{t('lead')}</th>
            <th scope="col">{t('dealer')}</th>
            <th scope="col">{t('problem')}</th>
            <th scope="col">{t('reported')}</th>
            <th scope="col">{t('otherDisputesOfThe')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('actions')}</th>
          </>
        }
      >
        {items.map((d) => (
          <tr key={d.id} data-testid="dispute-row">
            <td>
              <Link to={paths.leadDetail(d.leadId)}>#{d.leadId}</Link> {d.leadTitle}
              <div className="small text-body-secondary">
                {d.leadCity}
                {d.leadActive ? '' : t('offTheList')}
              </div>
            </td>
            <td>
              {d.dealerName}
              <div className="small text-body-secondary">{d.dealerUserName}</div>
            </td>
            <td>
              <span className="fw-semibold">{disputeReasonLabels[d.reason]}</span>
              {d.note ? <div className="small text-break">{d.note}</div> : null}
            </td>
            <td className="text-nowrap">{formatLeadDate(d.createdOn)}</td>
            <td>
              {d.otherDisputes.length === 0 ? (
                <span className="text-body-secondary">{t('none')}</span>
              ) : (
                <ul className="list-unstyled small mb-0">
                  {d.otherDisputes.map((o) => (
                    <li key={o.id}>
                      {disputeReasonLabels[o.reason]} · {disputeStatusLabels[o.status]} ·{' '}
                      {o.dealerUserName}
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td>
              <span className={`badge ${BADGES[d.status]}`}>{disputeStatusLabels[d.status]}</span>
              {d.status === 'approved' ? (
                <div className="small">{d.refunded ? t('creditRefunded') : t('noRefund')}</div>
              ) : null}
              {d.adminNote ? <div className="small text-break">{d.adminNote}</div> : null}
            </td>
            <td className="text-nowrap">
              {d.status === 'pending' ? (
                <>
                  <button
                    type="button"
                    className="btn btn-sm btn-success me-1"
                    disabled={decide.isPending}
                    aria-label={t('approveDisputeNumber', { id: d.id })}
                    onClick={() => setDeciding({ dispute: d, approve: true })}
                  >
                    {t('approve')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={decide.isPending}
                    aria-label={t('rejectDisputeNumber', { id: d.id })}
                    onClick={() => setDeciding({ dispute: d, approve: false })}
                  >
                    {t('reject')}
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
      <DecisionModal
        key={deciding ? `${deciding.dispute.id}-${deciding.approve}` : 'none'}
        deciding={deciding}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={(note) => {
          const decision = deciding;
          setDeciding(null);
          if (decision) void run(decision, note);
        }}
      />
    </section>
  );
}
