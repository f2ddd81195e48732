// Lead submission wizard (lead-form, docs/screens.md, docs/deviations.md; lazy-loaded): the eight steps, then a thank-you.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LeadSubmission, LeadSubmissionResult } from '@dealerleads/shared';
import { PhotoManager } from '../../components/photo-manager';
import { paths } from '../../config/paths';
import { useMaxDealersPerLead } from '../../lib/settings';
import { useSubmitLead } from './api/submit-lead';
import { LeadWizard } from './lead-wizard';
import { OwnerLinkCard } from './owner-link-card';
import { brandLabel } from './lead-wizard-steps';
import { submissionProblem, type SubmissionProblem } from './submission-problem';

export const THANK_YOU_TITLE = 'Thank you!';

function ThankYou({ lead, onAnother }: { lead: LeadSubmissionResult; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The answer's phone is masked but for its last digits: enough for the owner to recognise it.
  const lastDigits = lead.phoneNumber.replace(/\D/g, '').slice(-3);
  return (
    <div className="card shadow-sm text-center">
      <div className="card-body p-4">
        <i className="bi bi-check-circle-fill text-success display-4" aria-hidden="true" />
        <h1 className="h3 mt-2" ref={headingRef} tabIndex={-1}>
          {THANK_YOU_TITLE}
        </h1>
        <p className="lead mb-2">
          Your {lead.year} {brandLabel(lead.brand)} {lead.model} has been submitted.
        </p>
        <p className="text-body-secondary">
          {lead.status ? 'It is now on the lead list' : 'It will be listed after a quick check'},
          and dealers will call you
          {lastDigits ? ` on your number ending in ${lastDigits}` : ''}.
        </p>
        {/* Photos after the car's details: the lead exists now, so each photo uploads at once with its progress. */}
        <div className="text-start mt-3">
          <PhotoManager token={lead.manageUrl.split('/').pop() ?? ''} />
        </div>
        <OwnerLinkCard manageUrl={lead.manageUrl} />
        <div className="d-grid gap-2 d-sm-flex justify-content-sm-center mt-4">
          <button type="button" className="btn btn-primary btn-lg" onClick={onAnother}>
            Submit another car
          </button>
          <Link to={paths.leads} className="btn btn-outline-primary btn-lg">
            Go to the lead list
          </Link>
        </div>
      </div>
    </div>
  );
}

export function LeadFormPage() {
  const submitLead = useSubmitLead();
  const maxDealers = useMaxDealersPerLead();
  const [submitted, setSubmitted] = useState<LeadSubmissionResult | null>(null);
  // A new key gives "Submit another car" a fresh, empty wizard.
  const [round, setRound] = useState(0);

  const submit = async (submission: LeadSubmission): Promise<SubmissionProblem | null> => {
    try {
      setSubmitted(await submitLead.mutateAsync(submission));
      return null;
    } catch (error) {
      return submissionProblem(error);
    }
  };

  return (
    <section className="container py-3" style={{ maxWidth: '40rem' }}>
      {submitted ? (
        <ThankYou
          lead={submitted}
          onAnother={() => {
            submitLead.reset();
            setSubmitted(null);
            setRound((value) => value + 1);
          }}
        />
      ) : (
        <>
          <h1 className="h3 mb-1">Sell your car</h1>
          <p className="text-body-secondary mb-3">
            Eight short steps, and dealers across Delhi NCR see your car.
          </p>
          <div className="card shadow-sm">
            <div className="card-body p-3 p-sm-4">
              <LeadWizard key={round} onSubmit={submit} maxDealers={maxDealers} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
