// Keyboard use (unlock focus, the user menu, the blue bar's focus ring, filter selects), sign-up's messages, and toasts on a phone.
import { expect, test, type Page } from '@playwright/test';
import { creditFlowMessages } from '@dealerleads/shared';
import { createStarterUserPackage, demo, loginAs, createDealer, toast } from './support';

const results = (page: Page) => page.getByRole('region', { name: 'Lead results' });

test('an unlock from the keyboard leaves the focus on the revealed contact', async ({
  page,
  request,
}) => {
  const member = await createDealer(request, 'kbd');
  await createStarterUserPackage(request, member.id, 0);
  await loginAs(page, member);
  await page.goto('/dealers/leads');
  const buttons = results(page).getByRole('button', { name: /^Unlock contact for / });
  await expect(buttons.first()).toBeVisible();
  // Each button names its car, so a list of them reads apart.
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
  expect(names[0]).toMatch(/^Unlock contact for \d{4} \S/);
  expect(new Set(names).size).toBeGreaterThan(1);
  // A card further down the page than the first batch of cards.
  const card = results(page)
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^Unlock contact for / }) })
    .nth(7);
  const id = await card.getAttribute('data-lead-id');
  const button = card.getByRole('button', { name: /^Unlock contact for / });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, creditFlowMessages.success(9))).toBeVisible();
  const whatsApp = results(page)
    .locator(`[data-lead-id="${id}"]`)
    .getByRole('link', { name: /^WhatsApp \+91 \d{10}$/ });
  await expect(whatsApp).toBeFocused();
});

test('the user menu works from the keyboard and the blue bar shows where the focus is', async ({
  page,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  const toggle = page.getByRole('button', { name: 'User menu' });
  await toggle.focus();
  // A visible ring: a white outline on the blue bar.
  const outline = await toggle.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, color: style.outlineColor, width: style.outlineWidth };
  });
  expect(outline).toEqual({ style: 'solid', color: 'rgb(255, 255, 255)', width: '2px' });

  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'हिन्दी' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: "Update User's Details" })).toBeVisible();
});

test('stepping through a filter select with ArrowDown sends one request, not one per step', async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  await expect(results(page).getByRole('article').first()).toBeVisible();
  const lists: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/leads') lists.push(r.url());
  });
  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const year = page.getByRole('dialog', { name: 'Filters' }).getByLabel('Year');
  await year.focus();
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown');
  const chosen = await year.inputValue();
  expect(chosen).not.toBe('');
  expect(lists).toEqual([]);
  await expect(page).toHaveURL(/\/dealers\/leads$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?year=${chosen}$`));
  // The previous page stays on screen while the new one loads, so wait for the request itself.
  await expect.poll(() => lists.length).toBe(1);
  await page.waitForLoadState('networkidle');
  await expect(results(page).getByRole('article').first()).toBeVisible();
  expect(lists).toHaveLength(1);
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
});

test('sign-up: required fields and the password rule up front, a taken user name only in the alert', async ({
  page,
}) => {
  await page.goto('/dealers/register');
  const form = page.getByRole('form', { name: 'Sign up' });
  await expect(form.getByText('Fields marked with an asterisk (*) are required.')).toBeVisible();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    '8 to 64 characters.',
  );
  const role = form.getByLabel('Role');
  await role.focus();
  await page.keyboard.press('Tab');
  await expect(form.getByText('Please enter Role')).toBeVisible();
  await expect(form.getByText(/Role must be one of/)).toHaveCount(0);

  await form.getByLabel('Username', { exact: true }).fill(demo.dealer.userName);
  await form.getByLabel('Name', { exact: true }).fill('Taken Name Motors');
  await form.getByLabel('Email').fill('taken@example.in');
  await role.selectOption('Dealer');
  await form.getByLabel('State').selectOption('Delhi');
  await form.getByLabel('City').fill('New Delhi');
  await form.getByLabel('Password', { exact: true }).fill('Secret@2026');
  await form.getByLabel('Confirm Password').fill('Secret@2026');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/dealers\/register$/);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});

test('the last-credit info shows below the success toast it follows', async ({ page, request }) => {
  const member = await createDealer(request, 'order');
  await createStarterUserPackage(request, member.id, 9);
  await loginAs(page, member);
  await page.goto('/dealers/leads');
  await results(page)
    .getByRole('button', { name: /^Unlock contact/ })
    .first()
    .click();
  const success = toast(page, creditFlowMessages.success(0));
  const info = toast(page, creditFlowMessages.lastCredit);
  await expect(success).toBeVisible();
  await expect(info).toBeVisible();
  const [above, below] = await Promise.all([success.boundingBox(), info.boundingBox()]);
  expect(above && below && below.y > above.y).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a warning toast keeps clear of the purchase popup's title and close button", async ({
    page,
    request,
  }) => {
    await loginAs(page, await createDealer(request, 'phone'));
    await page.goto('/dealers/leads');
    await results(page)
      .getByRole('button', { name: /^Unlock contact/ })
      .first()
      .click();
    const popup = page.getByRole('dialog', { name: 'Buy a Package' });
    const warning = toast(page, creditFlowMessages.noActivePackage);
    const title = popup.locator('.modal-title');
    await expect(title).toHaveText('Buy a Package');
    await expect(warning).toBeVisible();
    await warning.evaluate((element) =>
      Promise.all(element.getAnimations().map((a) => a.finished.catch(() => null))),
    );
    const toastBox = await warning.boundingBox();
    for (const target of [
      title,
      popup.locator('.modal-header').getByRole('button', { name: 'Close' }),
    ]) {
      const box = await target.boundingBox();
      expect(box && toastBox).toBeTruthy();
      if (!box || !toastBox) continue;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
  });
});
