// Admin insights against a stubbed API: the period picker's India days in the request, the KPI tiles formatted
// (Indian grouping, ₹, %), every chart's summary and table of numbers, the custom period's checks, and errors.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages, INSIGHTS_MAX_DAYS, type Insights } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { addDaysToIsoDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import { apiError, http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { insightsTexts } from './insights-page';

// 20:00 UTC is already 01:30 the next day in India: the periods end on India's today, '2026-11-24'.
const NOW = new Date('2026-11-23T20:00:00.000Z');

/** What the API answers for a period: one row per day, the rest fixed. */
function insightsFor(from: string, to: string): Insights {
  const perDay: Insights['perDay'] = [];
  for (let day = from, i = 0; day <= to; day = addDaysToIsoDate(day, 1)!, i += 1)
    perDay.push({ day, leads: 400 + (i % 7) * 10, unlocks: 140 + (i % 5) });
  return {
    from,
    to,
    kpis: {
      newLeads: 123_456,
      unlocks: 4_321,
      unlockedLeads: 56_383,
      unlockRate: 0.4567,
      creditsUsed: 4_100,
      creditsSold: 15_000,
      revenue: 1_234_567,
      activeDealers: 87,
      disputes: 3,
      refunds: 2,
      verifiedLeads: 101_234,
      verifiedShare: 101_234 / 123_456,
    },
    creditFigures: true,
    perDay,
    byCity: [
      { city: 'Pune', leads: 2_100 },
      { city: 'Mumbai', leads: 1_800 },
    ],
    topBrands: [
      { brand: 'maruti_suzuki', leads: 4_000 },
      { brand: 'hyundai', leads: 2_500 },
    ],
    topModels: [
      { brand: 'maruti_suzuki', model: 'Swift', leads: 1_500 },
      { brand: 'hyundai', model: 'Creta', leads: 1_200 },
    ],
    priceBands: [
      { min: 0, max: 200_000, leads: 500 },
      { min: 200_000, max: 400_000, leads: 3_000 },
      { min: 1_000_000, max: 1_500_000, leads: 1_250 },
      { min: 2_500_000, max: null, leads: 45 },
    ],
  };
}

let creditFigures: boolean;

const api = setupFakeApi(
  http.get('/api/admin/insights', ({ request }) => {
    const url = new URL(request.url);
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    if (!from || !to) return HttpResponse.json({ status: 500, message: 'Test asks for both days' });
    return HttpResponse.json({ ...insightsFor(from, to), creditFigures });
  }),
);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  creditFigures = true;
  // The nav bar's extras wait for an idle browser; jsdom has no requestIdleCallback.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  setCurrentUser({ id: 1, username: 'admin', token: 'admin-token', role: 'Admin' });
});

afterEach(() => {
  vi.useRealTimers();
});

const requests = () => api.callsTo('GET', '/api/admin/insights').map((call) => call.path);

function renderInsights() {
  const view = renderRoute(paths.insights);
  return { ...view, user: userEvent.setup() };
}

/** A chart by its caption. */
function figureOf(title: string): HTMLElement {
  const figure = screen.getByText(title, { selector: 'figcaption' }).closest('figure');
  if (!figure) throw new Error(`No figure '${title}'`);
  return figure;
}

/** The rows of a chart's table alternative (captioned like the chart), as cell texts; plain DOM, as a year of
 * days is too many rows for role queries to be quick. */
function tableOf(title: string): string[][] {
  const table = figureOf(title).querySelector('table');
  expect(table?.caption).toHaveTextContent(title);
  return [...(table?.rows ?? [])].map((row) => [...row.cells].map((c) => c.textContent ?? ''));
}

/** The one sentence a screen reader reads for the chart's picture. */
const summaryOf = (title: string) =>
  within(figureOf(title)).getByRole('img').getAttribute('aria-label');

describe('Admin insights', () => {
  it('asks for the last 30 India days by default and shows the KPI tiles formatted', async () => {
    renderInsights();
    expect(await screen.findByTestId('kpi-revenue')).toHaveTextContent('₹12,34,567');
    expect(requests()).toEqual(['/api/admin/insights?from=2026-10-26&to=2026-11-24']);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const tiles = {
      'kpi-new-leads': '1,23,456',
      'kpi-unlocks': '4,321',
      'kpi-unlock-rate': '45.7%',
      'kpi-verified-share': '82.0%',
      'kpi-credits-used': '4,100',
      'kpi-credits-sold': '15,000',
      'kpi-revenue': '₹12,34,567',
      'kpi-active-dealers': '87',
      'kpi-disputes': '3',
      'kpi-refunds': '2',
    };
    for (const [testId, text] of Object.entries(tiles))
      expect(screen.getByTestId(testId)).toHaveTextContent(text);
    expect(screen.getByText('Unlock rate').nextElementSibling).toHaveTextContent('45.7%');
    expect(screen.getByText('Verified numbers').nextElementSibling).toHaveTextContent('82.0%');
    expect(screen.getByText(/^2026-10-26 to 2026-11-24 \(India days\)$/)).toBeInTheDocument();
    expect(screen.queryByText(/start with the payments ledger/)).not.toBeInTheDocument();
  });

  it('says when the credits figures are not from the payments ledger yet', async () => {
    creditFigures = false;
    renderInsights();
    expect(
      await screen.findByText(/Credits sold and revenue start with the payments ledger\./),
    ).toBeInTheDocument();
  });

  it('gives every chart a summary and a table of its numbers', async () => {
    renderInsights();
    await screen.findByTestId('kpi-revenue');

    expect(summaryOf('Leads and unlocks per day')).toBe(
      '1,23,456 leads and 4,321 unlocks from 2026-10-26 to 2026-11-24; most leads on 2026-11-01 (460).',
    );
    const days = tableOf('Leads and unlocks per day');
    expect(days[0]).toEqual(['Day', 'Leads', 'Unlocks']);
    expect(days).toHaveLength(31);
    expect(days[1]).toEqual(['2026-10-26', '400', '140']);
    expect(days.at(-1)).toEqual(['2026-11-24', '410', '144']);

    expect(summaryOf('Leads by city')).toBe('Pune leads with 2,100');
    expect(tableOf('Leads by city')).toEqual([
      ['City', 'Leads'],
      ['Pune', '2100'],
      ['Mumbai', '1800'],
    ]);

    expect(summaryOf('Top brands')).toBe('Maruti Suzuki leads with 4,000');
    expect(tableOf('Top brands')).toEqual([
      ['Brand', 'Leads'],
      ['Maruti Suzuki', '4000'],
      ['Hyundai', '2500'],
    ]);

    expect(summaryOf('Top models')).toBe('Maruti Suzuki Swift leads with 1,500');
    expect(tableOf('Top models')).toEqual([
      ['Model', 'Leads'],
      ['Maruti Suzuki Swift', '1500'],
      ['Hyundai Creta', '1200'],
    ]);

    expect(summaryOf('Price distribution')).toBe(
      'Leads per price band: ₹0L–2L 500, ₹2L–4L 3,000, ₹10L–15L 1,250, ₹25L+ 45',
    );
    expect(tableOf('Price distribution')).toEqual([
      ['Price band', 'Leads'],
      ['₹0L–2L', '500'],
      ['₹2L–4L', '3000'],
      ['₹10L–15L', '1250'],
      ['₹25L+', '45'],
    ]);
    // The tables sit behind 'Show as table', one per chart.
    expect(screen.getAllByText('Show as table')).toHaveLength(5);
  });

  it('asks for 7 and 90 days from the presets', async () => {
    const { user } = renderInsights();
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await screen.findByText(/^2026-11-18 to 2026-11-24/);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(tableOf('Leads and unlocks per day')).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await screen.findByText(/^2026-08-27 to 2026-11-24/);
    expect(requests()).toEqual([
      '/api/admin/insights?from=2026-10-26&to=2026-11-24',
      '/api/admin/insights?from=2026-11-18&to=2026-11-24',
      '/api/admin/insights?from=2026-08-27&to=2026-11-24',
    ]);
  });

  it('asks for a custom period, starting from the one shown', async () => {
    const { user } = renderInsights();
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await screen.findByText(/^2026-11-18 to 2026-11-24/);
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-18');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-24');
    // Nothing is asked before 'Show'.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    expect(requests()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(/^2026-11-01 to 2026-11-10/);
    expect(requests().at(-1)).toBe('/api/admin/insights?from=2026-11-01&to=2026-11-10');
    expect(tableOf('Leads and unlocks per day')).toHaveLength(11);
  });

  it.each([
    ['a start after the end', '2026-11-20', '2026-11-10', insightsTexts.fromAfterTo],
    ['a period over the longest', '2025-11-01', '2026-11-10', insightsTexts.tooLong],
    ['a missing day', '', '2026-11-10', insightsTexts.missingDay],
  ])('refuses %s without asking the API', async (_name, from, to, message) => {
    const { user } = renderInsights();
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(requests()).toHaveLength(1);
    // The figures shown stay those of the period they belong to.
    expect(screen.getByText(/^2026-10-26 to 2026-11-24/)).toBeInTheDocument();
    // Fixing it clears the message and asks.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(/^2026-11-01 to 2026-11-10/);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it(`takes the longest period, ${INSIGHTS_MAX_DAYS} days`, async () => {
    const { user } = renderInsights();
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-11-24' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(/^2025-11-24 to 2026-11-24/);
    expect(tableOf('Leads and unlocks per day')).toHaveLength(INSIGHTS_MAX_DAYS + 1);
  });

  it("shows the API's text when the figures cannot be loaded, not a spinner that never ends", async () => {
    api.use(http.get('/api/admin/insights', () => apiError(503, apiMessages.serverBusy)));
    renderInsights();
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.serverBusy);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('kpi-revenue')).not.toBeInTheDocument();
  });

  it('says it could not load the figures when the network fails (after the retries)', async () => {
    api.use(http.get('/api/admin/insights', () => HttpResponse.error()));
    renderInsights();
    // Network failures are retried twice, a second and two apart.
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      insightsTexts.failed,
    );
    expect(requests()).toHaveLength(3);
  }, 15_000);
});
