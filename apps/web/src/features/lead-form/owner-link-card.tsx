// The owner's private link on the success screen: copy it, or send it to oneself on WhatsApp (it is the only way back).
import { useState } from 'react';
import { wizardTexts } from '../../i18n/en/lead-form';
import { useT } from '../../i18n/runtime';

export interface OwnerLinkCardProps {
  /** `/my-car/{token}` as the API answered. */
  manageUrl: string;
}

export function OwnerLinkCard({ manageUrl }: OwnerLinkCardProps) {
  const t = useT(wizardTexts);
  const link = `${window.location.origin}${manageUrl}`;
  const [copied, setCopied] = useState(false);
  const share = `https://wa.me/?text=${encodeURIComponent(
    `My car on DealerLeads: change the price or mark it sold here ${link}`,
  )}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a denied permission): the link stays selected for a manual copy.
      document.getElementById('owner-link')?.focus();
    }
  };
  return (
    <div className="text-start border rounded p-3 mt-3 bg-body-tertiary">
      <label htmlFor="owner-link" className="form-label fw-semibold mb-1">
        {t('privateLink')}
      </label>
      <p className="small text-body-secondary mb-2">{t('privateLinkHelp')}</p>
      <div className="input-group">
        <input
          id="owner-link"
          className="form-control"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {copied ? t('copied') : t('copyLink')}
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('linkCopied') : ''}
      </span>
      <a
        className="btn btn-success btn-sm mt-2"
        href={share}
        target="_blank"
        rel="noopener noreferrer"
      >
        <i className="bi bi-whatsapp me-1" aria-hidden="true" />
        {t('sendOnWhatsApp')}
      </a>
    </div>
  );
}
