// One lead on the list (docs/screens.md): the car at a glance, a link to its detail, the Admin pencil, and the locked or open contact.
import { useEffect, useRef, type Ref } from 'react';
import { Link } from 'react-router';
import { PHOTO_THUMB, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import {
  MISSING_VALUE,
  contactLinks,
  formatInr,
  formatKm,
  formatLeadDate,
  fuelLabel,
  isSoldOut,
  leadCapTexts,
  leadTitle,
  ownerLabel,
  transmissionLabel,
  belowMarketText,
} from './lead-format';
import { leadsTexts } from '../../i18n/en/leads';
import { useT } from '../../i18n/runtime';

/** What the detail screen's 'Back to Leads' returns to: the list as it was (filters, page). */
export interface LeadDetailState {
  backTo: string;
}

export function ContactLinks({
  phoneNumber,
  car,
  whatsAppRef,
}: {
  phoneNumber: string;
  /** The car the chat is about: its WhatsApp link opens with a greeting naming it. */
  car: Pick<Lead, 'year' | 'brand' | 'model'>;
  whatsAppRef?: Ref<HTMLAnchorElement>;
}) {
  const t = useT(leadsTexts);
  const links = contactLinks(phoneNumber, car);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 lead-contact">
      <a
        ref={whatsAppRef}
        className="btn btn-sm btn-success"
        href={links.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('whatsAppLabel', { number: links.display })}
      >
        <i className="bi bi-whatsapp me-1" aria-hidden="true" />
        <span translate="no">WhatsApp</span>
      </a>
      <a
        className="btn btn-sm btn-outline-primary"
        href={links.tel}
        aria-label={t('callLabel', { number: links.display })}
      >
        <i className="bi bi-telephone me-1" aria-hidden="true" />
        {links.display}
      </a>
    </div>
  );
}

export const UNLOCK_BUTTON_TEXT = leadsTexts.en.unlock;

/** '2019 Hyundai Creta': names the car on its unlock button, so a list of them reads apart. */
export function carName(lead: Pick<Lead, 'year' | 'brand' | 'model'>): string {
  return `${lead.year} ${leadTitle(lead)}`;
}

/**
 * When a lead is unlocked from its own button, that button goes away: the focus moves to the revealed
 * WhatsApp link, where a keyboard or screen-reader user was, instead of falling to the page top.
 */
export function useFocusOnUnlock(unlocked: boolean) {
  const requested = useRef(false);
  const whatsAppRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!unlocked || !requested.current) return;
    requested.current = false;
    whatsAppRef.current?.focus();
  }, [unlocked]);
  return {
    whatsAppRef,
    requested: () => {
      requested.current = true;
    },
  };
}

export function UnlockButton({
  onUnlock,
  busy,
  car,
  className = 'btn btn-sm btn-warning',
  onIntent,
}: {
  onUnlock: () => void;
  busy: boolean;
  /** `carName(lead)`, for the button's accessible name. */
  car: string;
  className?: string;
  /** Hover or focus: a chance to fetch what the click will need. */
  onIntent?: () => void;
}) {
  const t = useT(leadsTexts);
  return (
    <button
      type="button"
      className={className}
      aria-label={t('unlockFor', { car })}
      onClick={onUnlock}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      disabled={busy}
      aria-busy={busy}
    >
      <i className="bi bi-lock-fill me-1" aria-hidden="true" />
      {t('unlock')}
    </button>
  );
}

/**
 * "Verified": the owner proved the mobile number with an SMS code (docs/phone-verification.md). The badge says so in
 * full to screen readers and as a tooltip; the number itself stays locked.
 */
export function VerifiedBadge({ className = '' }: { className?: string }) {
  const t = useT(leadsTexts);
  return (
    <span
      className={`badge text-bg-primary lead-verified ${className}`.trim()}
      title={t('verifiedTitle')}
      data-testid="verified-badge"
    >
      <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
      <span aria-hidden="true">{t('verified')}</span>
      <span className="visually-hidden">{t('verifiedTitle')}</span>
    </span>
  );
}

/** In place of the unlock button once a lead is sold out. */
export function SoldOutNote() {
  useT(leadsTexts);
  return (
    <span className="small fw-semibold lead-sold-out" data-testid="sold-out-note">
      {leadCapTexts.soldOutNote}
    </span>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="lead-fact">
      <dt>{label}</dt>
      <dd className="text-truncate" title={value}>
        {value}
      </dd>
    </div>
  );
}

export interface LeadCardProps {
  lead: Lead;
  admin: boolean;
  /** The list URL (path and query) the card was shown at. */
  listUrl: string;
  onUnlock: (lead: Lead) => void;
  onUnlockIntent?: () => void;
  unlocking: boolean;
}

export function LeadCard({
  lead,
  admin,
  listUrl,
  onUnlock,
  onUnlockIntent,
  unlocking,
}: LeadCardProps) {
  const t = useT(leadsTexts);
  const title = leadTitle(lead);
  const state: LeadDetailState = { backTo: listUrl };
  const focus = useFocusOnUnlock(lead.unlocked);
  return (
    <article
      className={`card h-100 shadow-sm lead-card${lead.status ? '' : ' lead-card-inactive'}`}
      data-lead-id={lead.id}
      aria-label={title}
    >
      {lead.photos[0] ? (
        <img
          src={lead.photos[0].thumbUrl}
          width={PHOTO_THUMB.width}
          height={PHOTO_THUMB.height}
          loading="lazy"
          decoding="async"
          alt={t('coverPhoto', { title })}
          className="card-img-top lead-card-cover"
          data-testid="lead-cover"
        />
      ) : null}
      <div className="card-body position-relative">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h2 className="h6 card-title mb-0 text-truncate">
            <Link
              to={paths.leadDetail(lead.id)}
              state={state}
              className="stretched-link lead-card-link"
            >
              {title}
            </Link>
          </h2>
          {lead.phoneVerified ? <VerifiedBadge /> : null}
          {lead.status ? null : <span className="badge text-bg-secondary">{t('inactive')}</span>}
          {isSoldOut(lead) ? (
            <span className="badge text-bg-danger">{leadCapTexts.soldOut}</span>
          ) : null}
          {admin ? (
            <Link
              to={paths.leadEdit(lead.id)}
              className="btn btn-sm btn-outline-secondary lead-card-edit"
              aria-label={t('editLeadNumber', { id: lead.id })}
              title={t('editLead')}
            >
              <i className="bi bi-pencil" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        <p className="small text-muted mb-1 text-truncate" data-testid="lead-variant">
          {lead.varient ?? MISSING_VALUE}
        </p>
        <p className="fs-5 fw-semibold text-primary mb-2" data-testid="lead-price">
          {formatInr(lead.price)}
          {belowMarketText(lead) ? (
            <span
              className="badge text-bg-success ms-2 fs-6 align-middle"
              data-testid="below-market"
            >
              {belowMarketText(lead)}
            </span>
          ) : null}
        </p>
        <dl className="lead-facts small mb-2">
          <Fact label={t('fact.year')} value={String(lead.year)} />
          <Fact label={t('fact.fuel')} value={fuelLabel(lead.fuelType)} />
          <Fact label={t('fact.trans')} value={transmissionLabel(lead.transmission)} />
          <Fact label={t('fact.km')} value={formatKm(lead.kmDriven)} />
          <Fact label={t('fact.ownership')} value={ownerLabel(lead.ownerName)} />
          <Fact label={t('fact.rto')} value={lead.rto ?? MISSING_VALUE} />
          <Fact label={t('fact.city')} value={lead.city} />
        </dl>
        <p className="small text-muted mb-0">
          <i className="bi bi-clock me-1" aria-hidden="true" />
          <time dateTime={lead.createdOn}>{formatLeadDate(lead.createdOn)}</time>
          <span className="ms-2" data-testid="lead-dealers">
            {leadCapTexts.dealersUnlocked(lead.unlockCount, lead.maxDealers)}
          </span>
        </p>
      </div>
      <div className="card-footer lead-card-footer">
        {lead.unlocked ? (
          <ContactLinks phoneNumber={lead.phoneNumber} car={lead} whatsAppRef={focus.whatsAppRef} />
        ) : (
          <div className="lead-lock">
            {/* The masked number the server sent, blurred behind the lock (docs/deviations.md). */}
            <span className="lead-lock-masked" aria-hidden="true">
              +91 {lead.phoneNumber}
            </span>
            {isSoldOut(lead) ? (
              <SoldOutNote />
            ) : (
              <UnlockButton
                onUnlock={() => {
                  focus.requested();
                  onUnlock(lead);
                }}
                onIntent={onUnlockIntent}
                busy={unlocking}
                car={carName(lead)}
                className="btn btn-sm btn-warning lead-lock-button"
              />
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** The card's own layout with placeholders while the page loads, so nothing moves when the leads arrive. */
export function LeadCardSkeleton() {
  const t = useT(leadsTexts);
  const bar = (width: string) => <span className={`placeholder ${width}`} />;
  return (
    <div className="card h-100 shadow-sm lead-card" aria-hidden="true">
      <div className="card-body placeholder-glow">
        <h2 className="h6 card-title mb-0">{bar('col-7')}</h2>
        <p className="small mb-1">{bar('col-5')}</p>
        <p className="fs-5 mb-2">{bar('col-4')}</p>
        <dl className="lead-facts small mb-2">
          {(['year', 'fuel', 'trans', 'km', 'ownership', 'rto', 'city'] as const).map((label) => (
            <div className="lead-fact" key={label}>
              <dt>{t(`fact.${label}`)}</dt>
              <dd>{bar('col-8')}</dd>
            </div>
          ))}
        </dl>
        <p className="small mb-0">{bar('col-6')}</p>
      </div>
      <div className="card-footer lead-card-footer placeholder-glow">{bar('col-6')}</div>
    </div>
  );
}
