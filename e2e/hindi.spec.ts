// The whole dealer journey in Hindi (design.md §11.5): the switch in the nav, the list, a filter, the unlock, My Leads;
// the choice kept on the device (a reload) and on the member (a login in another browser).
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, createStarterUserPackage, createDealer, demo, loginAs, toast } from './support';

async function logIn(page: Page, account: { userName: string; password: string }) {
  await page.goto('/dealers/login');
  await page.locator('#login-user-name').fill(account.userName);
  await page.locator('#login-password').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dealers\/leads/);
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test('a dealer works in Hindi: list, filter, unlock, My Leads; the choice survives a reload and another login', async ({
  page,
  request,
  browser,
}) => {
  const member = await createDealer(request, 'hindi');
  await createStarterUserPackage(request, member.id, 0);

  await logIn(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  expect(await lang(page)).toBe('en');

  // The switch in the user menu names Hindi in Hindi.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'लीड्स' })).toBeVisible();
  expect(await lang(page)).toBe('hi');
  await expect(page.getByRole('searchbox', { name: 'लीड्स खोजें' })).toBeVisible();
  await expect(page.getByTestId('lead-count')).toContainText('लीड्स');
  // The member's account keeps the choice too.
  const session = await apiLogin(request, member);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/users/${member.userName}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      return ((await res.json()) as { language: string | null }).language;
    })
    .toBe('hi');

  // A filter from the panel, in Hindi, and its chip above the list.
  await page.getByRole('button', { name: 'फ़िल्टर', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'फ़िल्टर' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('ईंधन').selectOption({ label: 'पेट्रोल' });
  await expect(page).toHaveURL(/fuel=petrol/);
  await panel.getByRole('button', { name: 'फ़िल्टर बंद करें' }).click();
  await expect(page.getByRole('list', { name: 'लगे हुए फ़िल्टर' })).toContainText('ईंधन: पेट्रोल');

  // The unlock asks in Hindi, then says in Hindi what it cost.
  const results = page.getByRole('region', { name: 'लीड्स के नतीजे' });
  const locked = results
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'नंबर खोलें' }) })
    .first();
  await expect(locked.getByText('ईंधन')).toBeVisible();
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    const message = dialog.message();
    await dialog.accept();
    return message;
  });
  await locked.getByRole('button', { name: 'नंबर खोलें' }).click();
  expect(await asked).toBe('आपके 10 क्रेडिट में से 1 इस्तेमाल करें?');
  await expect(toast(page, 'लीड का नंबर खुल गया। 1 क्रेडिट इस्तेमाल हुआ। 9 क्रेडिट बाकी हैं।')).toBeVisible();

  // My Leads in Hindi: the lead just unlocked, at its first stage.
  await page.goto('/dealers/my-leads');
  await expect(page.getByRole('heading', { level: 1, name: /मेरी लीड्स/ })).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByLabel('स्टेज')).toHaveValue('new');
  await expect(card.getByLabel('स्टेज').locator('option:checked')).toHaveText('नई');
  await expect(card.getByRole('button', { name: 'शिकायत करें' })).toBeVisible();

  // A reload keeps Hindi (this device's choice) from the first paint.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /मेरी लीड्स/ })).toBeVisible();
  expect(await lang(page)).toBe('hi');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');

  // Another browser, nothing stored: the login brings the member's Hindi.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await logIn(other, member);
  await expect(other.getByRole('heading', { level: 1, name: 'लीड्स' })).toBeVisible();
  expect(await lang(other)).toBe('hi');
  await elsewhere.close();

  // And back to English from the side menu.
  await page.getByRole('button', { name: 'मेनू खोलें' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /My Leads/ })).toBeVisible();
  expect(await lang(page)).toBe('en');
});

test('an Admin works in Hindi: Settings saves with a Hindi toast, Audit names the member, a dealer is kept out in Hindi', async ({
  page,
  request,
}) => {
  const member = await createDealer(request, 'hindiaudit');
  await createStarterUserPackage(request, member.id, 0);

  await loginAs(page, demo.admin);
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  await page.goto('/dealers/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeVisible();
  expect(await lang(page)).toBe('hi');
  await page.getByRole('button', { name: 'सेटिंग्स सेव करें' }).click();
  await expect(toast(page, 'सेटिंग्स सेव हो गईं')).toBeVisible();

  await page.goto('/dealers/audit');
  await expect(page.getByRole('heading', { level: 1, name: /^ऑडिट/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'किस पर' })).toBeVisible();
  // The assignment names the member it gave a package to, linking to their page.
  const entry = page
    .getByTestId('audit-entry')
    .filter({ hasText: 'assignment.create' })
    .filter({ hasText: member.userName })
    .first();
  await expect(entry.getByRole('link', { name: 'Journey Motors' })).toHaveAttribute(
    'href',
    `/dealers/members/${member.userName}`,
  );

  // A dealer's device in Hindi: the guard's toast is Hindi too.
  await loginAs(page, member);
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  await page.goto('/dealers');
  await expect(page.getByRole('heading', { level: 1, name: /स्वागत/ })).toBeVisible();
  // Inside the running app (the router's own navigation), as a link or the back button would go.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dealers/packages');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(toast(page, 'आपको यह हिस्सा देखने की अनुमति नहीं है')).toBeVisible();
  await expect(page.getByRole('link', { name: 'मुख्य हिस्से पर जाएँ' })).toBeAttached();
  await expect(page).toHaveURL(/\/dealers$/);
});
