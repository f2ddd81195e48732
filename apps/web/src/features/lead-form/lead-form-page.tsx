// Lead submission wizard (lead-form, docs/screens.md, docs/deviations.md; lazy-loaded): the nine steps, then a thank-you
// that uploads the photos picked in the wizard.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LeadSubmission, LeadSubmissionResult } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { useMaxDealersPerLead } from '../../lib/settings';
import { useSubmitLead } from './api/submit-lead';
import { LeadWizard } from './lead-wizard';
import { OwnerLinkCard } from './owner-link-card';
import { PhotoUploads, PrivatePageLink, releasePhotos, type ChosenPhoto } from './wizard-photos';
import { brandLabel } from './lead-wizard-steps';
import { submissionProblem, type SubmissionProblem } from './submission-problem';
import { wizardTexts } from '../../i18n/en/lead-form';
import { useT } from '../../i18n/runtime';

export const THANK_YOU_TITLE = wizardTexts.en.thankYou;

function ThankYou({
  lead,
  photos,
  onAnother,
}: {
  lead: LeadSubmissionResult;
  photos: readonly ChosenPhoto[];
  onAnother: () => void;
}) {
  const t = useT(wizardTexts);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The answer's phone is masked but for its last digits: enough for the owner to recognise it.
  const lastDigits = lead.phoneNumber.replace(/\D/g, '').slice(-3);
  return (
    <div className="card shadow-sm text-center">
      <div className="card-body p-4">
        <i className="bi bi-check-circle-fill text-success display-4" aria-hidden="true" />
        <h1 className="h3 mt-2" ref={headingRef} tabIndex={-1}>
          {t('thankYou')}
        </h1>
        <p className="lead mb-2">
          {t('submittedCar', { car: `${lead.year} ${brandLabel(lead.brand)} ${lead.model}` })}
        </p>
        <p className="text-body-secondary">
          {lead.status
            ? t(lastDigits ? 'onTheListNumber' : 'onTheList', { digits: lastDigits })
            : t(lastDigits ? 'afterCheckNumber' : 'afterCheck', { digits: lastDigits })}
        </p>
        {/* The photos picked in the wizard go up now that the lead (and its link) exists. */}
        {photos.length > 0 ? (
          <div className="text-start mt-3">
            <PhotoUploads token={lead.manageUrl.split('/').pop() ?? ''} photos={photos} />
          </div>
        ) : null}
        <OwnerLinkCard manageUrl={lead.manageUrl} />
        <div className="text-start">
          <PrivatePageLink manageUrl={lead.manageUrl} />
        </div>
        <div className="d-grid gap-2 d-sm-flex justify-content-sm-center mt-4">
          <button type="button" className="btn btn-primary btn-lg" onClick={onAnother}>
            {t('submitAnother')}
          </button>
          <Link to={paths.leads} className="btn btn-outline-primary btn-lg">
            {t('goToList')}
          </Link>
        </div>
      </div>
    </div>
  );
}

export function LeadFormPage() {
  const t = useT(wizardTexts);
  const submitLead = useSubmitLead();
  const maxDealers = useMaxDealersPerLead();
  const [submitted, setSubmitted] = useState<LeadSubmissionResult | null>(null);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  // The previews' memory is freed when the owner leaves the screen.
  const latestPhotos = useRef(photos);
  useEffect(() => {
    latestPhotos.current = photos;
  }, [photos]);
  useEffect(() => () => releasePhotos(latestPhotos.current), []);
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
          photos={photos}
          onAnother={() => {
            submitLead.reset();
            releasePhotos(photos);
            setPhotos([]);
            setSubmitted(null);
            setRound((value) => value + 1);
          }}
        />
      ) : (
        <>
          <h1 className="h3 mb-1">{t('title')}</h1>
          <p className="text-body-secondary mb-3">{t('intro')}</p>
          <div className="card shadow-sm">
            <div className="card-body p-3 p-sm-4">
              <LeadWizard
                key={round}
                onSubmit={submit}
                maxDealers={maxDealers}
                photos={photos}
                onPhotosChange={setPhotos}
              />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
