// Lead detail (leads/{id}, docs/screens.md): Lead Information, Car Specifications and what the catalogue knows of the car.
import { useEffect, type ReactNode } from 'react';
import {
  Link,
  redirect,
  useLocation,
  useNavigate,
  useParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { apiMessages, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { useLead } from './api/get-lead';
import {
  carName,
  ContactLinks,
  SoldOutNote,
  UnlockButton,
  VerifiedBadge,
  useFocusOnUnlock,
  type LeadDetailState,
} from './lead-card';
import {
  MISSING_VALUE,
  brandLabel,
  formatInr,
  formatKm,
  formatLeadDate,
  formatSeats,
  fuelLabel,
  isSoldOut,
  leadCapTexts,
  ownerLabel,
  listingStatusLabel,
  transmissionLabel,
} from './lead-format';
import { CatalogueFacts } from './catalogue-facts';
import { PhotoGallery } from './photo-gallery';
import { preloadUnlock, useUnlockFlow } from './use-unlock-flow';
import './leads.css';
import { leadDetailTexts } from '../../i18n/en/lead-detail';
import { useT } from '../../i18n/runtime';

export const LEAD_LOAD_FAILED_TEXT = 'Failed to load the lead. Please try again later.';

/** A lead id as the API accepts it (a positive 32-bit integer), else null. */
export function parseLeadId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** docs/screens.md: an invalid or zero id toasts 'Invalid lead ID' and returns to the list, before anything loads. */
export function leadDetailLoader({ params }: LoaderFunctionArgs): null {
  if (parseLeadId(params.id) !== null) return null;
  notify.error(apiMessages.invalidLeadId);
  throw redirect(paths.leads);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row py-1 border-bottom mx-0">
      <dt className="col-5 px-0">{label}</dt>
      <dd className="col-7 px-0 mb-0" data-field={label}>
        {children}
      </dd>
    </div>
  );
}

function BackToLeads({ to }: { to: string }) {
  const t = useT(leadDetailTexts);
  return (
    <Link to={to} className="btn btn-outline-primary">
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      {t('backToLeads')}
    </Link>
  );
}

function LeadInformation({
  lead,
  onUnlock,
  unlocking,
  onUnlockIntent,
}: {
  lead: Lead;
  onUnlock: () => void;
  unlocking: boolean;
  onUnlockIntent?: () => void;
}) {
  const t = useT(leadDetailTexts);
  const focus = useFocusOnUnlock(lead.unlocked);
  return (
    <section className="card h-100" aria-labelledby="lead-information-title">
      <div className="card-header">
        <h2 id="lead-information-title" className="h5 mb-0">
          {t('leadInformation')}
        </h2>
      </div>
      <div className="card-body">
        <dl className="mb-0 lead-detail">
          <Row label={t('fullName')}>{lead.fullName}</Row>
          <Row label={t('phoneNumber')}>
            {lead.unlocked ? (
              <>
                <span className="d-block mb-1">
                  <span data-testid="lead-phone">{lead.phoneNumber}</span>
                  {lead.phoneVerified ? <VerifiedBadge className="ms-2" /> : null}
                </span>
                <ContactLinks
                  phoneNumber={lead.phoneNumber}
                  car={lead}
                  whatsAppRef={focus.whatsAppRef}
                />
              </>
            ) : (
              <>
                <span className="d-block mb-1">
                  <span data-testid="lead-phone">{lead.phoneNumber}</span>
                  {lead.phoneVerified ? <VerifiedBadge className="ms-2" /> : null}
                </span>
                {isSoldOut(lead) ? (
                  <SoldOutNote />
                ) : (
                  <UnlockButton
                    onUnlock={() => {
                      focus.requested();
                      onUnlock();
                    }}
                    busy={unlocking}
                    car={carName(lead)}
                    onIntent={onUnlockIntent}
                  />
                )}
              </>
            )}
          </Row>
          <Row label={t('ownership')}>{ownerLabel(lead.ownerName)}</Row>
          <Row label={t('city')}>{lead.city}</Row>
          <Row label={t('rto')}>{lead.rto ?? MISSING_VALUE}</Row>
          <Row label={t('price')}>{formatInr(lead.price)}</Row>
          <Row label={t('status')}>
            <span className={`badge ${lead.status ? 'text-bg-success' : 'text-bg-secondary'}`}>
              {lead.status ? t('active') : t('inactive')}
            </span>
            {lead.listingStatus !== 'open' ? (
              <span className="badge text-bg-dark ms-2" data-testid="listing-status">
                {listingStatusLabel(lead.listingStatus)}
              </span>
            ) : null}
          </Row>
          <Row label={t('dealers')}>
            <span data-testid="lead-dealers">
              {leadCapTexts.dealersUnlocked(lead.unlockCount, lead.maxDealers)}
            </span>
            {isSoldOut(lead) ? (
              <span className="badge text-bg-danger ms-2">{leadCapTexts.soldOut}</span>
            ) : null}
          </Row>
          <Row label={t('createdOn')}>
            <time dateTime={lead.createdOn}>{formatLeadDate(lead.createdOn)}</time>
          </Row>
          {lead.verifiedOn !== null ? (
            <Row label={t('verifiedOn')}>
              <time dateTime={lead.verifiedOn} data-testid="lead-verified-on">
                {formatLeadDate(lead.verifiedOn)}
              </time>
            </Row>
          ) : null}
        </dl>
      </div>
    </section>
  );
}

function CarSpecifications({ lead }: { lead: Lead }) {
  const t = useT(leadDetailTexts);
  return (
    <section className="card h-100" aria-labelledby="car-specifications-title">
      <div className="card-header">
        <h2 id="car-specifications-title" className="h5 mb-0">
          {t('carSpecifications')}
        </h2>
      </div>
      <div className="card-body">
        <dl className="mb-0 lead-detail">
          <Row label={t('brand')}>{brandLabel(lead.brand)}</Row>
          <Row label={t('model')}>{lead.model}</Row>
          <Row label={t('variant')}>{lead.varient ?? MISSING_VALUE}</Row>
          <Row label={t('year')}>{lead.year}</Row>
          <Row label={t('transmission')}>{transmissionLabel(lead.transmission)}</Row>
          <Row label={t('fuelType')}>{fuelLabel(lead.fuelType)}</Row>
          <Row label={t('seats')}>{formatSeats(lead.seats)}</Row>
          <Row label={t('kmDriven')}>{formatKm(lead.kmDriven)}</Row>
        </dl>
      </div>
    </section>
  );
}

export function LeadDetailPage() {
  const t = useT(leadDetailTexts);
  const params = useParams();
  // The loader let only valid ids through.
  const id = parseLeadId(params.id) ?? 0;
  const lead = useLead(id);
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const unlockFlow = useUnlockFlow();
  // Back to the list as it was (filters, page) when the visitor came from it.
  const from = (location.state as Partial<LeadDetailState> | null)?.backTo;
  const backTo = typeof from === 'string' && from.startsWith(paths.leads) ? from : paths.leads;

  // docs/api.md: a load failure toasts the server's text and returns to the list.
  useEffect(() => {
    if (!lead.isError) return;
    notify.error(errorMessage(lead.error, LEAD_LOAD_FAILED_TEXT));
    void navigate(paths.leads, { replace: true });
  }, [lead.isError, lead.error, navigate]);

  const data = lead.data;
  return (
    <section className="container-xl py-3">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <BackToLeads to={backTo} />
        {data && isAdmin(user) ? (
          <Link to={paths.leadEdit(data.id)} className="btn btn-outline-secondary">
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            {t('editLead')}
          </Link>
        ) : null}
      </div>
      <h1 className="h3 mb-1">{t('title')}</h1>
      <p className="lead mb-3" data-testid="lead-title">
        {data ? (
          `${brandLabel(data.brand)} ${data.model}${data.varient ? ` ${data.varient}` : ''} (${data.year})`
        ) : (
          <span className="placeholder-glow">
            <span className="placeholder col-6" />
          </span>
        )}
      </p>
      {data ? (
        <div className="row g-3">
          {data.photos.length > 0 ? (
            <div className="col-12 col-lg-8">
              <PhotoGallery
                photos={data.photos}
                car={`${data.year} ${brandLabel(data.brand)} ${data.model}`}
              />
            </div>
          ) : null}
          <div className="col-lg-6">
            <LeadInformation
              lead={data}
              onUnlock={() => unlockFlow.requestUnlock(data)}
              unlocking={unlockFlow.pendingLeadId === data.id}
              onUnlockIntent={() => preloadUnlock(!user)}
            />
          </div>
          <div className="col-lg-6">
            <CarSpecifications lead={data} />
          </div>
          <div className="col-12">
            <CatalogueFacts lead={data} />
          </div>
        </div>
      ) : lead.isPending ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      ) : null}
      <div className="mt-3">
        <BackToLeads to={backTo} />
      </div>
      {unlockFlow.popup}
    </section>
  );
}
