// axe-core on every screen, for visitors, a dealer and the Admin: no colour-contrast failure and no serious or critical rule broken.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { creditFlowMessages } from '@dealerleads/shared';
import { demo, loginAs, registerDealer, toast } from './support';

/** The rules that fail a screen: any colour-contrast finding, and whatever axe rates serious or critical. */
async function expectNoViolations(page: Page, what: string, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const failing = violations
    .filter((v) => v.id === 'color-contrast' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(failing, what).toEqual([]);
}

/** Waits until the screen has its content and nothing is loading or moving. */
async function settled(page: Page, ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  await page.waitForLoadState('networkidle');
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const firstCard = (page: Page) =>
  page.getByRole('region', { name: 'Lead results' }).getByRole('article').first();

type Screen = [path: string, ready: (page: Page) => Locator];
const anyone = (path: string, ready: Screen[1]) => ({ path, ready, who: null });

// One test per screen: axe takes seconds on a busy machine.
for (const { who, path, ready } of [
  anyone('/dealers', (p) => h1(p, 'Welcome to DealerLeads')),
  anyone('/dealers/login', (p) => h1(p, 'Welcome Back')),
  anyone('/dealers/register', (p) => h1(p, 'Sign up')),
  anyone('/dealers/leads', firstCard),
  anyone('/leads/1', (p) => p.getByRole('heading', { name: 'Lead Information' })),
  anyone('/lead-form', (p) => h1(p, 'Sell your car')),
  anyone('/errors', (p) => h1(p, 'Test Errors')),
  anyone('/not-found', (p) => h1(p, 'Not Found')),
  { who: demo.dealer, path: '/dealers/leads', ready: firstCard },
  {
    who: demo.dealer,
    path: '/leads/2',
    ready: (p: Page) => p.getByRole('heading', { name: 'Lead Information' }),
  },
  {
    who: demo.dealer,
    path: '/dealers/member/edit/dealer',
    ready: (p: Page) => h1(p, "Update User's Details"),
  },
  { who: demo.admin, path: '/dealers/leads', ready: firstCard },
  {
    who: demo.admin,
    path: '/leads/3',
    ready: (p: Page) => p.getByRole('heading', { name: 'Lead Information' }),
  },
  {
    who: demo.admin,
    path: '/dealers/members',
    ready: (p: Page) => p.getByRole('link', { name: /^Edit Member/ }).first(),
  },
  { who: demo.admin, path: '/dealers/members/dealer', ready: (p: Page) => h1(p, 'dealer') },
  {
    who: demo.admin,
    path: '/dealers/lead/edit/3',
    ready: (p: Page) => p.getByRole('button', { name: 'Save Changes' }),
  },
  {
    who: demo.admin,
    path: '/dealers/packages',
    ready: (p: Page) => p.getByRole('table').getByRole('row').nth(1),
  },
  {
    who: demo.admin,
    path: '/dealers/user-packages',
    ready: (p: Page) => p.getByRole('table').getByRole('row').nth(1),
  },
]) {
  test(`${path} for ${who ? who.userName : 'a visitor'}`, async ({ page }) => {
    if (who) await loginAs(page, who);
    await page.goto(path);
    await settled(page, ready(page));
    await expectNoViolations(page, path);
  });
}

test('the Filters panel and the purchase popup for a visitor', async ({ page }) => {
  await page.goto('/dealers/leads');
  await settled(page, firstCard(page));
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expectNoViolations(page, 'Filters panel', '.offcanvas');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
  await firstCard(page)
    .getByRole('button', { name: /^Unlock contact/ })
    .click();
  const popup = page.getByRole('dialog', { name: 'Buy a Package' });
  await expect(popup.getByRole('list', { name: 'Packages' })).toBeVisible();
  await expectNoViolations(page, 'purchase popup', '.modal');
});

test("the dealer's user menu and the Admin's user package modal", async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoViolations(page, 'user menu', 'header');

  await loginAs(page, demo.admin);
  await page.goto('/dealers/user-packages');
  await settled(page, page.getByRole('table').getByRole('row').nth(1));
  await page.getByRole('button', { name: 'Add User Package' }).click();
  await expect(page.getByRole('dialog', { name: 'Add User Package' })).toBeVisible();
  await expectNoViolations(page, 'user package modal', '.modal');
});

/** Waits for a toast's entrance animation to end, so axe reads its final colours. */
async function settledToast(shown: Locator) {
  await expect(shown).toBeVisible();
  await shown.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null))),
  );
}

test('toasts of every kind are readable', async ({ page, request }) => {
  // A real error toast (a failed login) loads the toast styles.
  await page.goto('/dealers/login');
  await page.getByLabel('User name').fill('nobody');
  await page.getByLabel('Password').fill('Wrong@2026x');
  await page.getByRole('button', { name: 'Login' }).click();
  await settledToast(page.locator('.Toastify__toast--error'));
  await expectNoViolations(page, 'error toast', '.Toastify');

  // A real warning toast (no package) over the purchase popup.
  await loginAs(page, await registerDealer(request, 'axe'));
  await page.goto('/dealers/leads');
  await firstCard(page)
    .getByRole('button', { name: /^Unlock contact/ })
    .click();
  await settledToast(toast(page, creditFlowMessages.noActivePackage));
  await expectNoViolations(page, 'warning toast', '.Toastify');

  // And one of each kind, styled by the same stylesheet.
  await page.locator('.Toastify').evaluate((container) => {
    for (const kind of ['info', 'success', 'warning', 'error']) {
      const sample = document.createElement('div');
      sample.className = `Toastify__toast Toastify__toast-theme--colored Toastify__toast--${kind}`;
      sample.textContent = `A ${kind} toast`;
      container.append(sample);
    }
  });
  await expectNoViolations(page, 'toasts of each kind', '.Toastify');
});
