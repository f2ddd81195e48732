// The error pages and each test-errors button's outcome (docs/screens.md "Global").
import { expect, test } from '@playwright/test';
import { demo, loginAs, toast } from './support';

test("/not-found shows 'Not Found' with a 'Home Page' button", async ({ page }) => {
  await page.goto('/not-found');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Home Page' }).click();
  await expect(page).toHaveURL(/\/dealers$/);
});

test('the test-errors page is for Admins only', async ({ page }) => {
  await page.goto('/errors');
  await expect(toast(page, 'You shall not pass!')).toBeVisible();
  // The login page takes the visitor back to the page they asked for.
  await expect(page).toHaveURL(/\/dealers\/login\?returnTo=%2Ferrors$/);
  await loginAs(page, demo.dealer);
  await page.goto('/errors');
  await expect(toast(page, 'You are not authorized to access this area')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test Errors' })).toBeHidden();
});

test.describe('test-errors page', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, demo.admin);
    await page.goto('/errors');
    await expect(page.getByRole('heading', { name: 'Test Errors' })).toBeVisible();
  });

  test('400 toasts the status text and code', async ({ page }) => {
    await page.getByRole('button', { name: 'Test 400 Error', exact: true }).click();
    const shown = toast(page, 'Bad Request');
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('400');
  });

  test("401 toasts 'Unauthorized - Please log in again' titled 'Authentication Error'", async ({
    page,
  }) => {
    // An Admin's valid session passes the auth check: a dead token gets the 401.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('user', JSON.stringify({ ...user, token: 'aaa.bbb.ccc' }));
    });
    await page.reload();
    await page.getByRole('button', { name: 'Test 401 Error' }).click();
    // The refused token ends the session, which says so once; then the same call has no session at all.
    await expect(toast(page, 'Your session has ended. Please log in again.')).toBeVisible();
    await page.getByRole('button', { name: 'Test 401 Error' }).click();
    const shown = toast(page, 'Unauthorized - Please log in again');
    await expect(shown).toBeVisible();
    await expect(shown.locator('strong')).toHaveText('Authentication Error');
  });

  test('404 goes to the not-found page', async ({ page }) => {
    await page.getByRole('button', { name: 'Test 404 Error' }).click();
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  });

  test('500 goes to the server-error page with the error it carried', async ({ page }) => {
    await page.getByRole('button', { name: 'Test 500 Error' }).click();
    await expect(page).toHaveURL(/\/server-error$/);
    await expect(page.getByTestId('server-error-message')).toHaveText(
      'Error: Internal server error',
    );
  });

  test('validation 400 lists the field messages', async ({ page }) => {
    await page.getByRole('button', { name: 'Test 400 Validation Error' }).click();
    const list = page.locator('.alert-danger li');
    await expect(list.filter({ hasText: 'Please enter Username' })).toBeVisible();
    expect(await list.count()).toBeGreaterThan(3);
  });
});
