// Admin: the marketplace settings (/dealers/settings, lazy chunk): the cap of dealers per lead and whether flagged
// leads wait for moderation. Each save is audited by the API (docs/credits.md, "The cap per lead").
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsUpdateSchema, type MarketplaceSettings } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import { Spinner } from '../../components/spinner';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';
import { settingsQueryOptions } from '../../lib/settings';
import { useSaveSettings } from './api/save-settings';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

export const settingsTexts = liveTexts(adminTexts, 'settings.');

function SettingsForm({ settings }: { settings: MarketplaceSettings }) {
  const t = useT(adminTexts);
  const save = useSaveSettings();
  const [maxDealers, setMaxDealers] = useState(String(settings.maxDealersPerLead));
  const [holdFlagged, setHoldFlagged] = useState(settings.holdFlaggedLeads);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsUpdateSchema.safeParse({
      maxDealersPerLead: maxDealers.trim() === '' ? Number.NaN : Number(maxDealers),
      holdFlaggedLeads: holdFlagged,
    });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => i.message));
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(settingsTexts.saved),
      onError: (error) => setErrors(reportSaveError(error, settingsTexts.failed)),
    });
  };

  return (
    <form className="card card-body" onSubmit={submit} noValidate>
      <ErrorList errors={errors} />
      <div className="mb-3">
        <label className="form-label" htmlFor="settings-max-dealers">
          {settingsTexts.maxDealers}
        </label>
        <input
          id="settings-max-dealers"
          className="form-control"
          style={{ maxWidth: '8rem' }}
          type="number"
          min={1}
          max={100}
          step={1}
          value={maxDealers}
          aria-describedby="settings-max-dealers-help"
          onChange={(e) => setMaxDealers(e.target.value)}
        />
        <div id="settings-max-dealers-help" className="form-text">
          {settingsTexts.maxDealersHelp}
        </div>
      </div>
      <div className="form-check form-switch mb-3">
        <input
          id="settings-hold-flagged"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={holdFlagged}
          onChange={(e) => setHoldFlagged(e.target.checked)}
        />
        <label className="form-check-label" htmlFor="settings-hold-flagged">
          {settingsTexts.holdFlagged}
        </label>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('saving') : settingsTexts.save}
        </button>
      </div>
    </form>
  );
}

export function SettingsPage() {
  const settings = useQuery(settingsQueryOptions);
  return (
    <section className="container py-3" style={{ maxWidth: '40rem' }}>
      <h1 className="h3">{settingsTexts.title}</h1>
      {settings.isPending ? <Spinner /> : null}
      {/* Keyed by the values loaded, so the form starts from what the server has. */}
      {settings.data ? (
        <SettingsForm
          key={`${settings.data.maxDealersPerLead}-${String(settings.data.holdFlaggedLeads)}`}
          settings={settings.data}
        />
      ) : null}
    </section>
  );
}
