// One lead in My Leads: the car and owner, call and WhatsApp, the stage chosen inline, the follow-up date, notes.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LEAD_STAGES, type LeadStage, type MyLead } from '@dealerleads/shared';
import { formatInr } from '../../lib/format';
import { reportChangeError } from './report-change-error';
import { useUpdateMyLead } from './api/my-leads';
import { NotesPanel } from './notes-panel';
import { carTitle, contactLinksOf, formatIndiaDateTime } from './my-lead-format';
import { myLeadsTexts } from '../../i18n/en/my-leads';
import { useT } from '../../i18n/runtime';

const ReportProblemForm = lazy(() =>
  import('./report-problem-form').then((module) => ({ default: module.ReportProblemForm })),
);

const DISPUTE_BADGES = {
  pending: 'text-bg-secondary',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
} as const;

/** The dealer's report on this lead and the Admin's answer; or the button to report one while it may be. */
function DisputeLine({ lead, title }: { lead: MyLead; title: string }) {
  const t = useT(myLeadsTexts);
  const [reporting, setReporting] = useState(false);
  // When the card was shown: the window is checked against it (the API has the last word).
  const [shownAt] = useState(() => Date.now());
  const { dispute } = lead;
  if (dispute) {
    return (
      <p className="small mt-2 mb-0" data-testid="dispute-outcome">
        <i className="bi bi-flag me-1" aria-hidden="true" />
        {t('problemReported', { reason: t(`reason.${dispute.reason}`) })}{' '}
        <span className={`badge ${DISPUTE_BADGES[dispute.status]}`}>
          {t(`dispute.${dispute.status}`)}
        </span>
        {dispute.adminNote ? <span className="d-block text-break">{dispute.adminNote}</span> : null}
      </p>
    );
  }
  if (shownAt >= Date.parse(lead.disputableUntil)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-link btn-sm px-0 ms-3 link-danger"
        onClick={() => setReporting(true)}
      >
        {t('reportAProblem')}
      </button>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportProblemForm
            leadId={lead.leadId}
            title={title}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A car no longer on offer says so on its card: the owner sold or withdrew it, or it expired. */
const LISTING_BADGES: Record<Exclude<MyLead['listingStatus'], 'open'>, string> = {
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export function MyLeadCard({ lead, today }: { lead: MyLead; today: string }) {
  const t = useT(myLeadsTexts);
  const update = useUpdateMyLead();
  const [notesOpen, setNotesOpen] = useState(false);
  const links = contactLinksOf(lead);
  const save = (changes: { stage?: LeadStage; followUpOn?: string | null }) =>
    update.mutate(
      { leadId: lead.leadId, changes },
      { onError: (error) => reportChangeError(error, t('changeFailed')) },
    );
  const closed = lead.stage === 'bought' || lead.stage === 'lost';
  const due =
    lead.followUpOn && !closed
      ? lead.followUpOn < today
        ? 'overdue'
        : lead.followUpOn === today
          ? 'dueToday'
          : null
      : null;
  const title = carTitle(lead);

  return (
    <article className="card h-100" aria-label={t('cardLabel', { title, name: lead.fullName })}>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h2 className="h6 card-title mb-1">
            {/* The lead's page holds what the card leaves out (km, fuel, variant). */}
            <Link to={paths.leadDetail(lead.leadId)}>{title}</Link>
            {lead.listingStatus !== 'open' ? (
              <span
                className={`badge ms-2 align-text-bottom ${lead.listingStatus === 'sold' ? 'text-bg-danger' : 'text-bg-secondary'}`}
              >
                {LISTING_BADGES[lead.listingStatus]}
              </span>
            ) : null}
          </h2>
          <span className="fw-semibold text-nowrap">{formatInr(lead.price)}</span>
        </div>
        <p className="card-text small text-body-secondary mb-2">
          {t('unlockedOn', { name: lead.fullName, city: lead.city })}{' '}
          <time dateTime={lead.unlockedOn}>{formatIndiaDateTime(lead.unlockedOn)}</time>
        </p>
        <div className="d-flex flex-wrap gap-2 mb-2">
          <a
            className="btn btn-sm btn-outline-primary"
            href={links.tel}
            aria-label={t('call', { number: links.display })}
          >
            <i className="bi bi-telephone me-1" aria-hidden="true" />
            {links.display}
          </a>
          <a
            className="btn btn-sm btn-success"
            href={links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('whatsApp', { number: links.display })}
          >
            <i className="bi bi-whatsapp me-1" aria-hidden="true" />
            <span translate="no">WhatsApp</span>
          </a>
        </div>
        <div className="row g-2 align-items-end">
          <div className="col-6">
            <label className="form-label small mb-0" htmlFor={`stage-${lead.leadId}`}>
              {t('stage')}
            </label>
            <select
              id={`stage-${lead.leadId}`}
              className="form-select form-select-sm"
              value={lead.stage}
              onChange={(event) => save({ stage: event.target.value as LeadStage })}
            >
              {LEAD_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {t(`stage.${stage}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6">
            <label className="form-label small mb-0" htmlFor={`follow-up-${lead.leadId}`}>
              {t('followUp')}
              {due ? (
                <span
                  className={`badge ms-1 ${due === 'overdue' ? 'text-bg-danger' : 'text-bg-warning'}`}
                >
                  {t(due)}
                </span>
              ) : null}
            </label>
            <div className="input-group input-group-sm">
              <input
                id={`follow-up-${lead.leadId}`}
                type="date"
                className="form-control"
                value={lead.followUpOn ?? ''}
                onChange={(event) => save({ followUpOn: event.target.value || null })}
              />
              {lead.followUpOn ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  aria-label={t('clearFollowUp')}
                  onClick={() => save({ followUpOn: null })}
                >
                  <i className="bi bi-x" aria-hidden="true" />
                </button>
              ) : null}
            </div>
          </div>
        </div>
        {lead.lastNote ? (
          <p className="small mt-2 mb-0 text-break" data-testid="last-note">
            <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
            {lead.lastNote}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          aria-expanded={notesOpen}
          onClick={() => setNotesOpen((open) => !open)}
        >
          {notesOpen ? t('hideNotes') : t('notes')}
        </button>
        {lead.dispute ? null : <DisputeLine lead={lead} title={title} />}
        {notesOpen ? <NotesPanel leadId={lead.leadId} /> : null}
        {lead.dispute ? <DisputeLine lead={lead} title={title} /> : null}
      </div>
    </article>
  );
}
