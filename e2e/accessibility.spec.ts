// axe-core on every screen, for visitors, a dealer and the Admin: no colour-contrast failure and no serious or critical rule broken.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { creditFlowMessages } from '@dealerleads/shared';
import sharp from 'sharp';
import { demo, loginAs, createDealer, smsCode, smsCount, toast } from './support';

// axe reads every node of a screen (the lead list has 60 cards): on a busy machine that takes a while.
test.describe.configure({ timeout: 180_000 });

/** The rules that fail a screen: any colour-contrast finding, and whatever axe rates serious or critical. */
async function expectNoViolations(page: Page, what: string, include?: string) {
  // A colour mid-transition (a button fading into its hover state under the pointer) is no state a reader sees:
  // with transitions off, every element shows its final colours at once, whenever the hover begins.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
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
  // Every loading indicator gone: a table's "Loading..." row and a lazy screen part's spinner may show at once.
  await expect(page.getByText('Loading...', { exact: true }).filter({ visible: true })).toHaveCount(
    0,
  );
  await page.waitForLoadState('networkidle');
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const firstCard = (page: Page) =>
  page.getByRole('region', { name: 'Lead results' }).getByRole('article').first();

type Ready = (page: Page) => Locator;
type Account = (typeof demo)[keyof typeof demo];
const leadInformation: Ready = (p) => p.getByRole('heading', { name: 'Lead Information' });
const firstTableRow: Ready = (p) => p.getByRole('table').getByRole('row').nth(1);
const screens: [who: Account | null, path: string, ready: Ready][] = [
  [null, '/dealers', (p) => h1(p, 'Welcome to DealerLeads')],
  [null, '/dealers/login', (p) => h1(p, 'Welcome Back')],
  [null, '/dealers/register', (p) => h1(p, 'Sign up')],
  [null, '/dealers/forgot-password', (p) => h1(p, 'Forgot your password?')],
  [null, '/dealers/reset-password', (p) => h1(p, 'Set a new password')],
  [null, '/dealers/reset-password/link?token=a.b', (p) => h1(p, 'Choose a new password')],
  [null, '/dealers/leads', firstCard],
  [null, '/leads/1', leadInformation],
  [null, '/lead-form', (p) => h1(p, 'Sell your car')],
  [null, '/not-found', (p) => h1(p, 'Not Found')],
  [demo.dealer, '/dealers/leads', firstCard],
  [demo.dealer, '/leads/2', leadInformation],
  [demo.dealer, '/dealers/member/edit/dealer', (p) => h1(p, "Update User's Details")],
  [demo.admin, '/dealers/leads', firstCard],
  [demo.admin, '/leads/3', leadInformation],
  [demo.admin, '/dealers/members', (p) => p.getByRole('link', { name: /^Edit Member/ }).first()],
  [demo.admin, '/dealers/members/dealer', (p) => h1(p, 'dealer')],
  [demo.admin, '/dealers/lead/edit/3', (p) => p.getByRole('button', { name: 'Save Changes' })],
  [demo.admin, '/dealers/packages', firstTableRow],
  [demo.admin, '/dealers/user-packages', firstTableRow],
  [demo.dealer, '/dealers/orders', (p) => h1(p, 'My orders')],
  [demo.admin, '/dealers/payments', (p) => h1(p, 'Payments')],
  [demo.admin, '/dealers/disputes', (p) => h1(p, 'Disputes')],
  [demo.admin, '/errors', (p) => h1(p, 'Test Errors')],
];

// One test per screen: axe takes seconds on a busy machine.
for (const [who, path, ready] of screens) {
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

test('buying by UPI: the popup with the QR code and the UTR field, and the receipt', async ({
  page,
  request,
}) => {
  await loginAs(page, await createDealer(request, 'axeupi'));
  await page.goto('/dealers/leads');
  await settled(page, firstCard(page));
  await page
    .getByRole('region', { name: 'Lead results' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Unlock contact' }) })
    .first()
    .getByRole('button', { name: 'Unlock contact' })
    .click();
  const popup = page.getByRole('dialog', { name: 'Buy a Package' });
  await popup.getByRole('button', { name: 'Buy Starter 10 Leads by UPI' }).click();
  await expect(popup.getByTestId('upi-qr')).toBeVisible();
  await expectNoViolations(page, 'UPI payment', '.modal');
  await page.goto('/dealers/orders');
  await page
    .getByRole('link', { name: /^(Pay|Receipt) DL-/ })
    .first()
    .click();
  await settled(page, page.getByTestId('receipt'));
  await expectNoViolations(page, 'receipt');
});

test("the dealer's user menu and the Admin's user package modal", async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoViolations(page, 'user menu', 'header');

  await loginAs(page, demo.admin);
  await page.goto('/dealers/user-packages');
  await settled(page, firstTableRow(page));
  await page.getByRole('button', { name: 'Add User Package' }).click();
  await expect(page.getByRole('dialog', { name: 'Add User Package' })).toBeVisible();
  await expectNoViolations(page, 'user package modal', '.modal');
});

/** Holds a toast open (the pointer on it pauses its timer) once its entrance animation has ended. */
async function settledToast(shown: Locator) {
  await expect(shown).toBeVisible({ timeout: 30_000 });
  // Its own entrance only: the progress bar's animation runs until the toast closes.
  await shown.evaluate((element) =>
    Promise.all(element.getAnimations().map((a) => a.finished.catch(() => null))),
  );
  await shown.hover();
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
  await loginAs(page, await createDealer(request, 'axe'));
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

test('the lead wizard: the photo step with previews, the SMS code with an error, the uploads after it', async ({
  page,
}) => {
  const picture = async (colour: string, name: string) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  });
  await page.goto('/lead-form');
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  for (const choice of ['Hyundai', 'Creta']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next();
  }
  await page.getByLabel('Year').selectOption('2019');
  for (const choice of ['Petrol', 'Manual', '5 Seater', 'First Owner']) {
    await next();
    await page.getByRole('radio', { name: choice, exact: true }).check();
  }
  await page.getByLabel('Kilometres Driven').fill('48,000');
  await next();
  await page
    .getByLabel('Add photos')
    .setInputFiles([await picture('#c0392b', 'front.jpg'), await picture('#2e86c1', 'side.jpg')]);
  await expect(page.getByTestId('chosen-photo')).toHaveCount(2);
  await expectNoViolations(page, 'photo step', 'form');
  await next();

  const phone = `92${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Full Name').fill('Axe Owner');
  await page.getByLabel('City').fill('Noida');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Expected Price').fill('790000');
  await page.getByLabel(/^I agree to share my number/).check();
  const seen = smsCount(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await smsCode(phone, seen);
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'code step with an error', 'form');
  await page.getByLabel('6-digit code').fill(code);
  await expect(page.getByText('Number verified')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('2 of 2 photos uploaded')).toBeVisible();
  await expectNoViolations(page, 'thank-you with the uploads');
});
