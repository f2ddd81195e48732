// Admin insights in the browser: the demo's figures on the tiles and in the charts' tables, the period picker.
import { expect, test } from '@playwright/test';
import { demo, loginAs, storedUser } from './support';

interface Insights {
  from: string;
  to: string;
  kpis: Record<string, number>;
  perDay: { day: string; leads: number; unlocks: number }[];
  byCity: { city: string; leads: number }[];
}

test('the Admin opens Insights and sees the numbers of the demo', async ({ page }) => {
  await loginAs(page, demo.admin);
  await page.goto('/dealers/insights');
  await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible();
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const { token } = (await storedUser(page)) as { token: string };
  const fetchInsights = async (from: string, to: string) => {
    const response = await page.request.get(`/api/admin/insights?from=${from}&to=${to}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok()).toBe(true);
    return (await response.json()) as Insights;
  };
  const shown = page.getByText(/\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(India days\)/);
  const [from, to] = ((await shown.textContent()) ?? '').match(/\d{4}-\d{2}-\d{2}/g) ?? [];
  const insights = await fetchInsights(from!, to!);
  expect(insights.perDay).toHaveLength(90);
  // The demo spreads 5,000 leads over 120 days: about three quarters of them fall in the last 90.
  expect(insights.kpis.newLeads).toBeGreaterThan(3000);

  const n = (value: number) => value.toLocaleString('en-IN');
  await expect(page.getByTestId('kpi-new-leads')).toHaveText(n(insights.kpis.newLeads!));
  await expect(page.getByTestId('kpi-unlocks')).toHaveText(n(insights.kpis.unlocks!));
  await expect(page.getByTestId('kpi-active-dealers')).toHaveText(n(insights.kpis.activeDealers!));
  // The demo proves about 4 numbers in 5: the tile shows the share the API counted.
  const verifiedShare = insights.kpis.verifiedShare ?? 0;
  expect(verifiedShare).toBeGreaterThan(0.7);
  expect(verifiedShare).toBeLessThan(0.9);
  await expect(page.getByTestId('kpi-verified-share')).toHaveText(
    `${(verifiedShare * 100).toFixed(1)}%`,
  );

  // Each chart has its table: the days add up to the tile, the first city is the biggest.
  const perDay = page.getByRole('figure').filter({ hasText: 'Leads and unlocks per day' });
  await perDay.getByText('Show as table').click();
  const dayRows = perDay.locator('tbody tr');
  await expect(dayRows).toHaveCount(90);
  const cells = await dayRows.locator('td:nth-child(2)').allTextContents();
  expect(cells.reduce((sum, cell) => sum + Number(cell), 0)).toBe(insights.kpis.newLeads);
  const cities = page.getByRole('figure').filter({ hasText: 'Leads by city' });
  await cities.getByText('Show as table').click();
  await expect(cities.locator('tbody tr').first()).toContainText(insights.byCity[0]!.city);
  await expect(cities.getByRole('img')).toHaveAttribute(
    'aria-label',
    `${insights.byCity[0]!.city} leads with ${n(insights.byCity[0]!.leads)}`,
  );

  // A custom period of one day.
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('From', { exact: true }).fill(to!);
  await page.getByLabel('To', { exact: true }).fill(to!);
  await page.getByRole('button', { name: 'Show' }).click();
  const oneDay = await fetchInsights(to!, to!);
  await expect(page.getByText(`${to} to ${to} (India days)`)).toBeVisible();
  await expect(page.getByTestId('kpi-new-leads')).toHaveText(n(oneDay.kpis.newLeads!));
});

test('Insights is for Admins only', async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/insights');
  await expect(page.getByText('You are not authorized to access this area')).toBeVisible();
  await expect(page).not.toHaveURL(/insights/);
});
