// /my-car/{token}: the owner's private page (lazy chunk, no login): their car, where it stands, how many dealers
// unlocked the number, a new price, and closing the listing (sold or withdrawn) after a confirmation.
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import {
  carFactIssues,
  ownerLeadUpdateSchema,
  ownerMessages,
  type OwnerLead,
} from '@dealerleads/shared';
import { findBrand } from '@dealerleads/shared/catalogues';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PhotoManager } from '../../components/photo-manager';
import { MarketGuideLine } from '../../components/market-guide';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-error';
import { formatInr } from '../../lib/format';
import { formatMediumDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useOwnerLead } from './api/get-owner-lead';
import { useUpdateOwnerLead } from './api/update-owner-lead';
import { ownerTexts } from '../../i18n/en/owner';
import { serverText, translate, useT } from '../../i18n/runtime';

const STATUS_TONES: Record<OwnerLead['listingStatus'], string> = {
  open: 'success',
  sold: 'primary',
  withdrawn: 'secondary',
  expired: 'secondary',
};

function statusBadge(lead: OwnerLead) {
  if (lead.listingStatus === 'open' && !lead.listed)
    return { label: translate(ownerTexts, 'waitingForCheck'), tone: 'warning' };
  return {
    label: translate(ownerTexts, `status.${lead.listingStatus}`),
    tone: STATUS_TONES[lead.listingStatus],
  };
}

const brandName = (slug: string) => findBrand(slug)?.label ?? slug;

type Closing = 'sold' | 'withdrawn';

/** What the confirmation and the toast say for each way of closing, in the reader's language. */
function closingTexts(closing: Closing) {
  return {
    title: translate(ownerTexts, `${closing}.title`),
    message: translate(ownerTexts, 'closingMessage'),
    confirm: translate(ownerTexts, `${closing}.confirm`),
    done:
      closing === 'sold'
        ? serverText('owner.markedSold', ownerMessages.markedSold)
        : serverText('owner.markedWithdrawn', ownerMessages.markedWithdrawn),
  };
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.validationErrors[0] ?? error.message;
  }
  return translate(ownerTexts, 'unreachable');
}

function PriceForm({ lead, token }: { lead: OwnerLead; token: string }) {
  const t = useT(ownerTexts);
  const update = useUpdateOwnerLead(token);
  const [price, setPrice] = useState(String(lead.price));
  const [problem, setProblem] = useState<string | null>(null);
  const parsed = Number(price.replace(/[\s,₹]/g, ''));
  // The API's own rules (a whole number of rupees, at least 1, at most its largest, within what the car can fetch),
  // checked before sending.
  const check = ownerLeadUpdateSchema.safeParse({ price: parsed });
  const outOfBounds = check.success
    ? carFactIssues({ brand: lead.brand, model: lead.model, year: lead.year, price: parsed }).price
    : undefined;
  const valid = check.success && outOfBounds === undefined;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.success || outOfBounds) {
      setProblem(outOfBounds ?? check.error?.issues[0]?.message ?? ownerMessages.price);
      return;
    }
    setProblem(null);
    try {
      await update.mutateAsync({ price: parsed });
      notify.success(serverText('owner.priceSaved', ownerMessages.priceSaved));
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return (
    <form className="mb-3" onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor="owner-price" className="form-label fw-semibold">
        {t('expectedPrice')}
      </label>
      <div className="input-group">
        <span className="input-group-text">₹</span>
        <input
          id="owner-price"
          className={`form-control${problem ? ' is-invalid' : ''}`}
          inputMode="numeric"
          value={price}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'owner-price-error' : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={update.isPending || (valid && parsed === lead.price)}
        >
          {t('savePrice')}
        </button>
        {problem ? (
          <div id="owner-price-error" className="invalid-feedback">
            {problem}
          </div>
        ) : null}
      </div>
      {valid ? <div className="form-text">{formatInr(parsed)}</div> : null}
      <MarketGuideLine
        car={{
          brand: lead.brand,
          model: lead.model,
          year: lead.year,
          fuelType: lead.fuelType,
          transmission: lead.transmission,
        }}
      />
    </form>
  );
}

function CloseButtons({ token }: { token: string }) {
  const t = useT(ownerTexts);
  const update = useUpdateOwnerLead(token);
  const [asking, setAsking] = useState<Closing | null>(null);
  const close = async (closing: Closing) => {
    try {
      await update.mutateAsync({ listingStatus: closing });
      notify.success(closingTexts(closing).done);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setAsking(null);
    }
  };
  const texts = closingTexts(asking ?? 'sold');
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-primary" onClick={() => setAsking('sold')}>
          {t('sold.confirm')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setAsking('withdrawn')}
        >
          {t('withdrawn.confirm')}
        </button>
      </div>
      <ConfirmDialog
        show={asking !== null}
        title={texts.title}
        message={texts.message}
        confirmLabel={texts.confirm}
        confirmVariant="primary"
        busy={update.isPending}
        onConfirm={() => asking && void close(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}

export function MyCarPage() {
  const t = useT(ownerTexts);
  const { token = '' } = useParams();
  const { data: lead, error, isPending } = useOwnerLead(token);

  if (isPending) return <Spinner />;
  if (error || !lead) {
    return (
      <section className="container py-4" style={{ maxWidth: '40rem' }}>
        <h1 className="h3">{t('yourCar')}</h1>
        <div className="alert alert-warning" role="alert">
          {error instanceof ApiError && error.status === 404
            ? serverText('owner.notFound', ownerMessages.notFound)
            : errorText(error)}
        </div>
      </section>
    );
  }

  const badge = statusBadge(lead);
  const open = lead.listingStatus === 'open';
  return (
    <section className="container py-4" style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-3">{t('yourCar')}</h1>
      <div className="card shadow-sm mb-3">
        <div className="card-body">
          <div className="d-flex justify-content-between align-items-start gap-2">
            <h2 className="h4 mb-1">
              {lead.year} {brandName(lead.brand)} {lead.model}
            </h2>
            <span className={`badge text-bg-${badge.tone}`} data-testid="listing-status">
              {badge.label}
            </span>
          </div>
          <p className="text-body-secondary mb-2">
            {t('listedOn', {
              city: lead.city,
              price: formatInr(lead.price),
              date: formatMediumDate(lead.createdOn),
            })}
          </p>
          <p className="mb-1" data-testid="unlock-count">
            <i className="bi bi-people me-2" aria-hidden="true" />
            {t('unlockCount', { count: lead.unlockCount, max: lead.maxDealers })}
          </p>
          {open && lead.expiresOn ? (
            <p className="small text-body-secondary mb-0">
              {t('staysUntil', { date: formatMediumDate(lead.expiresOn) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mb-3">
        <PhotoManager token={token} canAdd={open} />
      </div>
      {open ? (
        <div className="card shadow-sm">
          <div className="card-body">
            <PriceForm key={lead.price} lead={lead} token={token} />
            <p className="small text-body-secondary">{t('takeOff')}</p>
            <CloseButtons token={token} />
          </div>
        </div>
      ) : (
        <p className="text-body-secondary">{t('closed')}</p>
      )}
    </section>
  );
}
