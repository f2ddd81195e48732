// Lead edit (dealers/lead/edit/{id}, docs/screens.md, Admin; lazy-loaded): the lead's name and status badge over the edit form.
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { apiMessages } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useLead } from './api/get-lead';
import { LeadEditForm } from './lead-edit-form';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

/** The screen's heading, in the current language. */
export const leadEditPageTexts = liveTexts(adminTexts, 'leadEdit.');
export const LEAD_LOAD_FAILED_TEXT = 'Failed to load the lead. Please try again.';

/** The route's id: a positive whole number (docs/screens.md), else undefined. */
export function parseLeadId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** docs/screens.md's rule for a bad id, applied here too: 'Invalid lead ID' and back to the list. */
function InvalidLeadId() {
  useEffect(() => notify.error(apiMessages.invalidLeadId), []);
  return <Navigate to={paths.leads} replace />;
}

function StatusBadge({ active }: { active: boolean }) {
  const t = useT(adminTexts);
  return (
    <span className={`badge fs-6 align-middle ${active ? 'text-bg-success' : 'text-bg-secondary'}`}>
      {active ? t('active') : t('inactive')}
    </span>
  );
}

function LeadEditScreen({ id }: { id: number }) {
  const t = useT(adminTexts);
  const { data: lead, error, isPending } = useLead(id);

  if (!lead) {
    // Until the lead's name is known, the screen's own title.
    const title = <h1 className="h3 mb-3">{leadEditPageTexts.title}</h1>;
    if (isPending) {
      return (
        <>
          {title}
          <Spinner label={t('loadingLead')} />
        </>
      );
    }
    // The catalogue has already moved on (not found, server error) or toasted (401).
    if (error instanceof ApiError && error.handled) return title;
    return (
      <>
        {title}
        <ErrorList errors={[errorMessage(error, LEAD_LOAD_FAILED_TEXT)]} />
      </>
    );
  }
  return (
    <>
      <header className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="me-auto">
          <p className="small text-body-secondary mb-0">
            {leadEditPageTexts.title} #{lead.id}
          </p>
          <h1 className="h3 mb-0">{lead.fullName}</h1>
        </div>
        <StatusBadge active={lead.status} />
      </header>
      <LeadEditForm key={lead.id} lead={lead} />
    </>
  );
}

export function LeadEditPage() {
  const id = parseLeadId(useParams().id);
  return (
    <section className="container py-3">
      {id === undefined ? <InvalidLeadId /> : <LeadEditScreen id={id} />}
    </section>
  );
}
