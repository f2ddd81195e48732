// The home screen: '' leads to it, it welcomes the visitor, its two buttons lead on, and owners find the wizard.
import { expect, test } from '@playwright/test';

test("'' opens the dealers home with Register and Leads", async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dealers$/);
  await expect(page.getByText(/premium used-car leads/i)).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dealers\/register$/);
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
});

test("home and the menu lead owners to the wizard: 'Sell your car'", async ({ page }) => {
  await page.goto('/dealers');
  await page.getByRole('main').getByRole('link', { name: 'Sell your car' }).click();
  await expect(page).toHaveURL(/\/lead-form$/);
  await expect(page.getByRole('heading', { name: 'Sell your car' })).toBeVisible();
  await page.goto('/dealers/leads');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Sell your car' })
    .click();
  await expect(page).toHaveURL(/\/lead-form$/);
});

test('an unknown path answers HTTP 404 and shows the not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page).toHaveTitle('Page not found · DealerLeads');
});

test('a missing script answers 404, not the page', async ({ request }) => {
  const response = await request.get('/assets/index-no-such-build.js');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/json/);
});
