// The guarded routes (docs/screens.md, docs/deviations.md): each guard's toast and where it sends the user.
import { expect, test } from '@playwright/test';
import { demo, loginAs, storedUser, toast } from './support';

test("an anonymous visitor is told 'You shall not pass!' and offered the login screen", async ({
  page,
}) => {
  await page.goto('/dealers/messages');
  await expect(toast(page, 'You shall not pass!')).toBeVisible();
  // The login returns the visitor to the screen they asked for.
  await expect(page).toHaveURL(/\/dealers\/login\?returnTo=%2Fdealers%2Fmessages$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test.describe('a dealer', () => {
  test.beforeEach(async ({ page }) => loginAs(page, demo.dealer));

  test('is kept out of the members area', async ({ page }) => {
    await page.goto('/dealers/members');
    await expect(toast(page, 'Access to members area is restricted to Admins only!')).toBeVisible();
    await expect(page).toHaveURL(/\/dealers$/);
  });

  for (const path of ['/dealers/packages', '/dealers/user-packages']) {
    test(`is not authorized for ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(toast(page, 'You are not authorized to access this area')).toBeVisible();
      await expect(page).toHaveURL(/\/dealers$/);
    });
  }

  test('may open the guarded Messages screen and their own profile', async ({ page }) => {
    await page.goto('/dealers/messages');
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/dealers\/member\/edit\/dealer$/);
    await expect(page.getByRole('heading', { name: "Update User's Details" })).toBeVisible();
  });
});

test('an admin sees the admin links and opens members, packages and user packages', async ({
  page,
}) => {
  await loginAs(page, demo.admin);
  await page.goto('/dealers');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const [link, heading] of [
    ['Members', 'Members'],
    ['Packages', 'Package Management'],
    ['User Packages', 'User Package Management'],
  ] as const) {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: link, exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});

test('a stale token is dropped: the next call answers 401 and the session is cleared', async ({
  page,
}) => {
  await page.goto('/dealers');
  await page.evaluate(() =>
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 1, username: 'admin', token: 'aaa.bbb.ccc', role: 'Admin' }),
    ),
  );
  await page.goto('/errors');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Test 400 Error' }).click();
  // The session ended: said once, in words (docs/deviations.md item 15).
  await expect(toast(page, 'Your session has ended. Please log in again.')).toBeVisible();
  await expect(toast(page, 'Unauthorized - Please log in again')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});
