// Phone width (375 px, 360 px for the dealer's nav): no sideways scrolling, the title stays centred, the side menu
// and user menu fit, and a dealer's nav icons never cover each other or the title.
import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs, SUBPIXEL } from './support';

test.use({ viewport: { width: 375, height: 740 } });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the nav bar and the 250 px side menu work on a phone', async ({ page }) => {
  await page.goto('/dealers');
  await expectNoSidewaysScroll(page);

  const title = page.getByRole('link', { name: 'DealerLeads' });
  const box = await title.boundingBox();
  expect(box).not.toBeNull();
  if (box) expect(Math.abs(box.x + box.width / 2 - 375 / 2)).toBeLessThan(4);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.locator('.offcanvas.show');
  await expect(panel).toBeVisible();
  expect(Math.abs((await panel.boundingBox())!.width - 250)).toBeLessThan(SUBPIXEL);
  await expect(page.locator('.offcanvas-backdrop')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible();
  await panel.getByRole('link', { name: 'Register' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the user menu opens inside the screen on a phone', async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.x).toBeGreaterThan(-SUBPIXEL);
    expect(box.x + box.width).toBeLessThan(375 + SUBPIXEL);
  }
  await expectNoSidewaysScroll(page);
});

test('the error and login screens fit a phone', async ({ page }) => {
  for (const path of [
    '/dealers/login',
    '/dealers/forgot-password',
    '/dealers/reset-password',
    '/errors',
    '/not-found',
    '/dealers/signup-success',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test("a dealer's nav icons, the title and the menus do not overlap at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  const parts = {
    menu: page.getByRole('button', { name: 'Open menu' }),
    title: page.getByRole('link', { name: 'DealerLeads' }),
    balance: page.getByTestId('nav-balance'),
    savedSearches: page.getByRole('button', { name: /^Saved searches/ }),
    bell: page.getByRole('button', { name: /^Notifications/ }),
    user: page.getByRole('button', { name: 'User menu' }),
  };
  for (const part of Object.values(parts)) await expect(part).toBeVisible();
  const boxes = await Promise.all(
    Object.entries(parts).map(async ([name, part]) => ({ name, box: (await part.boundingBox())! })),
  );
  await page.screenshot({ path: test.info().outputPath('nav-360.png') });
  for (const { name, box } of boxes) {
    expect(box.x, name).toBeGreaterThan(-SUBPIXEL);
    expect(box.x + box.width, name).toBeLessThan(360 + SUBPIXEL);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const overlap =
        a.box.x + SUBPIXEL < b.box.x + b.box.width &&
        b.box.x + SUBPIXEL < a.box.x + a.box.width &&
        a.box.y + SUBPIXEL < b.box.y + b.box.height &&
        b.box.y + SUBPIXEL < a.box.y + a.box.height;
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
    }
  await expectNoSidewaysScroll(page);
});
