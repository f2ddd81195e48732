// New-lead alerts in the browser: a dealer saves a search on the lead list; an owner submits a matching car through
// the wizard in another tab; the dealer's bell counts it within 2 seconds and the saved search shows it as new.
import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs } from './support';

async function next(page: Page) {
  const button = page.getByRole('button', { name: 'Next' });
  await expect(button).toBeEnabled();
  await button.click();
}

async function submitCreta(page: Page, city: string) {
  await page.goto('/lead-form');
  for (const choice of ['Hyundai', 'Creta']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next(page);
  }
  await page.getByLabel('Year').selectOption('2019');
  await next(page);
  for (const choice of ['Petrol', 'Manual', '5 Seater']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next(page);
  }
  await page.getByRole('radio', { name: 'First Owner', exact: true }).check();
  await page.getByLabel('Kilometres Driven').fill('48,000');
  await next(page);
  await page.getByLabel('Full Name').fill('Alert Journey Owner');
  await page.getByLabel('City').fill(city);
  await page.getByLabel('Phone Number').fill('7304918273');
  await page.getByLabel('Expected Price').fill('9,50,000');
  await page.getByLabel(/^I agree to share my number/).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
}

test('save a search → a matching lead from the wizard in another tab → the bell counts it within 2 s', async ({
  page,
  context,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads?brand=hyundai&model=Creta&city=Neemrana');
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.getByLabel('Name').fill('Cretas in Neemrana');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'Search saved' })).toBeVisible();
  // The bell is live once its stream is open.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await page.waitForTimeout(500);

  const owner = await context.newPage();
  await submitCreta(owner, 'Neemrana');
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 2000 });
  await expect(page.getByTestId('saved-searches-count')).toHaveText('1');

  await bell.click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    '2019 Hyundai Creta in Neemrana, ₹9,50,000',
  );
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // Opening the saved search applies its filters and resets its count.
  await page.goto('/dealers');
  await page.getByRole('button', { name: /^Saved searches/ }).click();
  await page.getByRole('button', { name: /^Cretas in Neemrana/ }).click();
  await expect(page).toHaveURL(/\/dealers\/leads\?/);
  const applied = new URL(page.url()).searchParams;
  expect(Object.fromEntries(applied)).toEqual({ brand: 'hyundai', model: 'Creta', city: 'Neemrana' });
  await expect(page.getByTestId('saved-searches-count')).toHaveCount(0);
});
