// A member downloads their own data from the profile screen: one JSON file with their profile, packages and ledger.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, loginAs } from './support';

test('a dealer downloads their own data from their profile, and sees no button on nobody else’s', async ({
  page,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/members/dealer');
  const button = page.getByRole('button', { name: 'Download my data' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^dealerleads-dealer-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { userName: string };
    packages: { packageName: string | null }[];
    ledger: unknown[];
    unlockedLeads: unknown[];
    notes: unknown[];
  };
  expect(data.profile.userName).toBe('dealer');
  expect(data.packages.map((p) => p.packageName)).toContain('Pro 50 Leads');
  expect(Array.isArray(data.ledger)).toBe(true);
  expect(Array.isArray(data.unlockedLeads)).toBe(true);

  // An Admin looking at the dealer's profile gets no download of the dealer's data.
  await loginAs(page, demo.admin);
  await page.goto('/dealers/members/dealer');
  await expect(page.getByRole('heading', { name: 'dealer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my data' })).toHaveCount(0);
});
