// Forgot password in the browser (design §11.1, docs/accounts.md): the demo dealer follows "Forgot password?" from the
// login page, asks with their registered mobile, types the code the SMS outbox received (the e2e server's
// DATA_DIR/sms-outbox, no SMS provider), sets a new password and logs in with it; the old password no longer works.
// Then the e-mailed link (DATA_DIR/outbox, no SMTP) opens its page and puts the README's password back.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, E2E_DATA_DIR, toast } from './support';

const smsDir = path.join(E2E_DATA_DIR, 'sms-outbox');
const mailDir = path.join(E2E_DATA_DIR, 'outbox');
const resetMails = () =>
  existsSync(mailDir) ? readdirSync(mailDir).filter((f) => /^reset-.+\.eml$/.test(f)) : [];
const DEMO_DEALER_MOBILE = '9810000002';
const NEW_PASSWORD = 'Forgot-Me-Not-2026';

const textsTo = (mobile: string) =>
  existsSync(smsDir)
    ? readdirSync(smsDir)
        .filter((f) => f.endsWith(`-${mobile}.txt`))
        .sort()
    : [];

/** The code of the first reset text to `mobile` that was not there before (names sort oldest first). */
async function newCodeFor(mobile: string, before: readonly string[]): Promise<string> {
  await expect.poll(() => textsTo(mobile).filter((f) => !before.includes(f)).length).toBe(1);
  const file = textsTo(mobile).find((f) => !before.includes(f))!;
  const text = readFileSync(path.join(smsDir, file), 'utf8');
  expect(text).toContain(`To: +91${mobile}`);
  expect(text).toContain('reset the password of dealer');
  return /(\d{6}) is your DealerLeads code/.exec(text)![1]!;
}

/** The demo dealer's password back to the README's, through the same API, for the journeys that follow. */
async function restoreDemoPassword(request: APIRequestContext) {
  const before = textsTo(DEMO_DEALER_MOBILE);
  expect((await request.post('/api/password-resets', { data: { login: 'dealer' } })).status()).toBe(
    202,
  );
  const code = await newCodeFor(DEMO_DEALER_MOBILE, before);
  const confirmed = await request.post('/api/password-resets/confirm', {
    data: { login: 'dealer', code, newPassword: demo.dealer.password },
  });
  expect(confirmed.status()).toBe(200);
}

test.afterAll(async ({ request }) => {
  // The link journey below restores it; should it have failed, the code does.
  const login = await request.post('/api/account/login', { data: demo.dealer });
  if (login.status() !== 200) await restoreDemoPassword(request);
});

test('the demo dealer resets the password by the SMS code and logs in with the new one', async ({
  page,
}) => {
  await page.goto('/dealers/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/dealers\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  const before = textsTo(DEMO_DEALER_MOBILE);
  await page.getByLabel('Mobile, e-mail or user name').fill(DEMO_DEALER_MOBILE);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/dealers\/reset-password$/);
  await expect(page.getByRole('status')).toContainText('a 6-digit code is on its way');
  await expect(page.getByLabel('Mobile, e-mail or user name')).toHaveValue(DEMO_DEALER_MOBILE);

  const code = await newCodeFor(DEMO_DEALER_MOBILE, before);
  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Your password was changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/dealers\/login$/);

  // The same code does not work twice.
  const reused = await page.request.post('/api/password-resets/confirm', {
    data: { login: DEMO_DEALER_MOBILE, code, newPassword: 'Someone-Else-2026' },
  });
  expect(reused.status()).toBe(400);
  expect(await reused.json()).toMatchObject({ code: 'passwordReset.expired' });

  const old = await page.request.post('/api/account/login', { data: demo.dealer });
  expect(old.status()).toBe(401);

  await page.getByLabel('User name').fill(demo.dealer.userName);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dealers\/leads/);
});

test('the e-mailed link opens its page and sets the password back', async ({ page }) => {
  const before = resetMails();
  const asked = await page.request.post('/api/password-resets', { data: { login: 'dealer' } });
  expect(asked.status()).toBe(202);
  await expect.poll(() => resetMails().filter((f) => !before.includes(f)).length).toBe(1);
  const file = resetMails().find((f) => !before.includes(f))!;
  // Quoted-printable: soft line breaks and encoded '=' undone, so the link reads whole.
  const mail = readFileSync(path.join(mailDir, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=');
  expect(mail).toContain('Subject: Reset your DealerLeads password');
  const link = new URL(
    /https?:\/\/\S+\/dealers\/reset-password\/link\?token=[\w.%-]+/.exec(mail)![0],
  );

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(demo.dealer.password);
  await page.getByLabel('Confirm new password').fill(demo.dealer.password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Your password was changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/dealers\/login$/);
  expect((await page.request.post('/api/account/login', { data: demo.dealer })).status()).toBe(200);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Not-Again-2026');
  await page.getByLabel('Confirm new password').fill('Not-Again-2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid');
});
