// Admin insights (/dealers/insights, lazy chunk): a period (7, 30, 90 days or custom), KPI tiles, and charts with
// table alternatives, all from GET /api/admin/insights.
import { useState, type FormEvent } from 'react';
import { INSIGHTS_MAX_DAYS, todayInIndia, type Insights } from '@dealerleads/shared';
import { findBrand } from '@dealerleads/shared/catalogues';
import { Spinner } from '../../components/spinner';
import { formErrorMessages } from '../../lib/api-error';
import { addDaysToIsoDate, formatInr } from '../../lib/format';
import { useInsights, type InsightsPeriod } from './api/get-insights';
import { BarList, ChartFigure, DayColumns } from './charts';
import { adminTexts } from '../../i18n/en/admin';
import { translate, useT } from '../../i18n/runtime';

const PRESETS = [7, 30, 90] as const;

export const insightsTexts = {
  get missingDay() {
    return translate(adminTexts, 'insights.missingDay');
  },
  get fromAfterTo() {
    return translate(adminTexts, 'insights.fromAfterTo');
  },
  get failed() {
    return translate(adminTexts, 'insights.failed');
  },
  get tooLong() {
    return translate(adminTexts, 'insights.tooLong', { days: INSIGHTS_MAX_DAYS });
  },
};

/** The API's rules for a period (insightsQuerySchema), checked before asking: a text for the first one broken. */
function periodProblem({ from, to }: InsightsPeriod): string | null {
  const longest = addDaysToIsoDate(from, INSIGHTS_MAX_DAYS - 1);
  if (!longest || !addDaysToIsoDate(to, 0)) return insightsTexts.missingDay;
  if (from > to) return insightsTexts.fromAfterTo;
  if (to > longest) return insightsTexts.tooLong;
  return null;
}

function lastDays(days: number): InsightsPeriod {
  const to = todayInIndia();
  return { from: addDaysToIsoDate(to, -(days - 1)) ?? to, to };
}

const brandName = (slug: string) =>
  findBrand(slug)?.label ?? slug.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

const lakh = (rupees: number) => `${(rupees / 100_000).toLocaleString('en-IN')}L`;

function bandLabel(band: { min: number; max: number | null }): string {
  return band.max === null ? `₹${lakh(band.min)}+` : `₹${lakh(band.min)}–${lakh(band.max)}`;
}

const number = (n: number) => n.toLocaleString('en-IN');

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="col">
      <div className="card h-100 text-center">
        <div className="card-body py-3">
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold" data-testid={testId}>
            {value}
          </div>
        </div>
      </div>
    </div>
  );
}

function Kpis({ data }: { data: Insights }) {
  const t = useT(adminTexts);
  const k = data.kpis;
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-lg-5 g-2 mb-3">
      <Tile label={t('newLeads')} value={number(k.newLeads)} testId="kpi-new-leads" />
      <Tile label={t('unlocks')} value={number(k.unlocks)} testId="kpi-unlocks" />
      <Tile
        label={t('unlockRate')}
        value={`${(k.unlockRate * 100).toFixed(1)}%`}
        testId="kpi-unlock-rate"
      />
      <Tile label={t('creditsUsed')} value={number(k.creditsUsed)} testId="kpi-credits-used" />
      <Tile label={t('creditsSold')} value={number(k.creditsSold)} testId="kpi-credits-sold" />
      <Tile label={t('revenue')} value={formatInr(k.revenue)} testId="kpi-revenue" />
      <Tile
        label={t('activeDealers')}
        value={number(k.activeDealers)}
        testId="kpi-active-dealers"
      />
      <Tile label={t('disputes')} value={number(k.disputes)} testId="kpi-disputes" />
      <Tile label={t('refunds')} value={number(k.refunds)} testId="kpi-refunds" />
      <Tile
        label={t('verifiedShare')}
        value={`${(k.verifiedShare * 100).toFixed(1)}%`}
        testId="kpi-verified-share"
      />
    </div>
  );
}

function Charts({ data }: { data: Insights }) {
  const t = useT(adminTexts);
  const busiest = [...data.perDay].sort((a, b) => b.leads - a.leads)[0];
  const cities = data.byCity.map((c) => ({ label: c.city, value: c.leads }));
  const brands = data.topBrands.map((b) => ({ label: brandName(b.brand), value: b.leads }));
  const models = data.topModels.map((m) => ({
    label: `${brandName(m.brand)} ${m.model}`,
    value: m.leads,
  }));
  const bands = data.priceBands.map((b) => ({ label: bandLabel(b), value: b.leads }));
  const top = (items: { label: string; value: number }[]) =>
    items[0] ? `${items[0].label} leads with ${number(items[0].value)}` : 'No leads in this period';
  return (
    <div className="row g-3">
      <div className="col-12">
        <ChartFigure
          title={t('leadsAndUnlocksPer')}
          summary={`${number(data.kpis.newLeads)} leads and ${number(data.kpis.unlocks)} unlocks from ${data.from} to ${data.to}${busiest && busiest.leads > 0 ? `; most leads on ${busiest.day} (${number(busiest.leads)})` : ''}.`}
          chart={<DayColumns days={data.perDay} />}
          head={['Day', 'Leads', 'Unlocks']}
          rows={data.perDay.map((d) => [d.day, d.leads, d.unlocks])}
        />
      </div>
      <div className="col-md-6">
        <ChartFigure
          title={t('leadsByCity')}
          summary={top(cities)}
          chart={<BarList items={cities} />}
          head={['City', 'Leads']}
          rows={cities.map((c) => [c.label, c.value])}
        />
      </div>
      <div className="col-md-6">
        <ChartFigure
          title={t('priceDistribution')}
          summary={`Leads per price band: ${bands.map((b) => `${b.label} ${number(b.value)}`).join(', ')}`}
          chart={<BarList items={bands} />}
          head={['Price band', 'Leads']}
          rows={bands.map((b) => [b.label, b.value])}
        />
      </div>
      <div className="col-md-6">
        <ChartFigure
          title={t('topBrands')}
          summary={top(brands)}
          chart={<BarList items={brands} />}
          head={['Brand', 'Leads']}
          rows={brands.map((b) => [b.label, b.value])}
        />
      </div>
      <div className="col-md-6">
        <ChartFigure
          title={t('topModels')}
          summary={top(models)}
          chart={<BarList items={models} />}
          head={['Model', 'Leads']}
          rows={models.map((m) => [m.label, m.value])}
        />
      </div>
    </div>
  );
}

export function InsightsPage() {
  const t = useT(adminTexts);
  const [preset, setPreset] = useState<number | 'custom'>(30);
  const [period, setPeriod] = useState<InsightsPeriod>(() => lastDays(30));
  const [custom, setCustom] = useState<InsightsPeriod>(period);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, error } = useInsights(period);
  const showCustom = (event: FormEvent) => {
    event.preventDefault();
    const found = periodProblem(custom);
    setProblem(found);
    if (!found) setPeriod(custom);
  };

  return (
    <section className="container py-3">
      <h1 className="h3 mb-3">{t('insights')}</h1>
      <div
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        role="group"
        aria-label={t('period')}
      >
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={`btn btn-sm ${preset === days ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={preset === days}
            onClick={() => {
              setPreset(days);
              setPeriod(lastDays(days));
            }}
          >
            {t('last')} {days} {t('days')}
          </button>
        ))}
        <button
          type="button"
          className={`btn btn-sm ${preset === 'custom' ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={preset === 'custom'}
          onClick={() => {
            setPreset('custom');
            setCustom(period);
            setProblem(null);
          }}
        >
          {t('custom')}
        </button>
        {preset === 'custom' ? (
          <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={showCustom} noValidate>
            <div>
              <label htmlFor="insights-from" className="form-label small mb-0">
                {t('from')}
              </label>
              <input
                id="insights-from"
                type="date"
                className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'insights-period-error' : undefined}
                value={custom.from}
                max={custom.to}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              />
            </div>
            <div>
              <label htmlFor="insights-to" className="form-label small mb-0">
                {t('to')}
              </label>
              <input
                id="insights-to"
                type="date"
                className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'insights-period-error' : undefined}
                value={custom.to}
                min={custom.from}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              />
            </div>
            <button type="submit" className="btn btn-sm btn-primary">
              {t('show')}
            </button>
            {problem ? (
              <div id="insights-period-error" className="invalid-feedback d-block w-100 mt-0">
                {problem}
              </div>
            ) : null}
          </form>
        ) : null}
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {formErrorMessages(error, insightsTexts.failed).join(' ')}
        </div>
      ) : null}
      {!data ? (
        // A failed period has no figures to wait for: the alert above says why.
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          <p className="text-body-secondary small">
            {data.from} {t('to2')} {data.to} {t('indiaDays')}
            {data.creditFigures ? '' : t('creditsSoldAndRevenue')}
          </p>
          <Kpis data={data} />
          <Charts data={data} />
        </>
      )}
    </section>
  );
}
