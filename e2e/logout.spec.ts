// Logging out from screens that need a session is quiet: no request without a token, no 'Authentication Error' toast.
import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs } from './support';

/** Every API answer with status 401 from here on. */
function collect401s(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  return refused;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/dealers$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const [name, path, ready] of [
  ['Members', '/dealers/members', /^Members/],
  ['Member detail', '/dealers/members/dealer', 'dealer'],
  ['Edit Profile', '/dealers/member/edit/admin', "Update User's Details"],
  ['User Packages', '/dealers/user-packages', 'User Package Management'],
] as const) {
  test(`logging out from ${name} is quiet`, async ({ page }) => {
    await loginAs(page, demo.admin);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const refused = collect401s(page);
    await logOut(page);
    expect(refused).toEqual([]);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
}

test('a dealer logging out from Edit Profile is quiet too', async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: "Update User's Details" })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const refused = collect401s(page);
  await logOut(page);
  expect(refused).toEqual([]);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});

test('logging out with unsaved changes asks first; Cancel keeps the session', async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/member/edit/dealer');
  const city = page.getByLabel('City');
  await expect(city).not.toHaveValue('');
  await city.fill('Faridabad');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/dealers\/member\/edit\/dealer$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(city).toHaveValue('Faridabad');
  expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
});
