// Shared steps of the browser journeys: demo logins, toasts, the session in localStorage, the SMS codes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The e2e server's port and DATA_DIR (playwright.config.ts starts it there; alert mails land in its `outbox`). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = `test-results/e2e-data-${E2E_PORT}`;

/** The e2e server's texts (SMS_PROVIDER=outbox): one file per SMS, `<time>-<counter>-<pid>-<number>.txt`, oldest first. */
export const E2E_SMS_OUTBOX = path.join(E2E_DATA_DIR, 'sms-outbox');

const textsTo = (phone: string) =>
  existsSync(E2E_SMS_OUTBOX)
    ? readdirSync(E2E_SMS_OUTBOX)
        .filter((name) => name.endsWith(`-${phone}.txt`))
        .sort()
    : [];

/**
 * The code of the newest SMS to this 10-digit number, once more than `seen` texts went to it (pass the count from
 * before asking, so a resend's code is not mistaken for the previous one).
 */
export async function smsCode(phone: string, seen = 0): Promise<string> {
  await expect.poll(() => textsTo(phone).length, { timeout: 10_000 }).toBeGreaterThan(seen);
  const text = readFileSync(path.join(E2E_SMS_OUTBOX, textsTo(phone).at(-1)!), 'utf8');
  expect(text).toContain(`To: +91${phone}`);
  return /\b(\d{6})\b is your DealerLeads code/.exec(text)![1]!;
}

/** How many texts went to this number so far. */
export const smsCount = (phone: string) => textsTo(phone).length;

/** The wizard's last step: asks for the code to the typed number and types it from the SMS. */
export async function verifyPhoneOnForm(page: Page, phone: string) {
  const seen = smsCount(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await smsCode(phone, seen));
  await expect(page.getByText('Number verified')).toBeVisible();
}

const tokens = new Map<string, { token: string; until: number }>();

/**
 * A verificationToken for POST /api/leads, got as an owner gets it (a code by SMS, confirmed). A token serves its
 * number for 30 minutes, so one per number is asked: the API allows 20 codes an hour from one IP, the whole run's.
 */
export async function phoneToken(request: APIRequestContext, phone: string): Promise<string> {
  const known = tokens.get(phone);
  if (known && known.until > Date.now()) return known.token;
  const seen = smsCount(phone);
  const asked = await request.post('/api/phone-verifications', { data: { phoneNumber: phone } });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  const confirmed = await request.post(`/api/phone-verifications/${id}/confirm`, {
    data: { code: await smsCode(phone, seen) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { verificationToken } = (await confirmed.json()) as { verificationToken: string };
  // Kept a little less than its 30 minutes, so a long run never sends an expired one.
  tokens.set(phone, { token: verificationToken, until: Date.now() + 25 * 60_000 });
  return verificationToken;
}

/** Layout lands a few millionths of a pixel off on some screens: edges within this count as touching, not crossing. */
export const SUBPIXEL = 0.01;

/** The demo seed's accounts (README "Demo logins"). */
export const demo = {
  admin: { userName: 'admin', password: 'Admin@2026' },
  dealer: { userName: 'dealer', password: 'Dealer@2026' },
  newDealer: { userName: 'newdealer', password: 'Dealer@2026' },
} as const;

/** A toast showing this text (react-toastify). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify__toast', { hasText: text });
}

/** Logs in through the API and stores the session as the app does, without the login screen. */
/** The question the app asks before a credit is spent (features/leads/unlock-flow.ts). */
export const SPEND_QUESTION = /^Use 1 of your \d+ credits?\?$/;

/**
 * A logged-in member agrees to spend a credit when asked (the unlock's confirmation). Other dialogs (the leave
 * guard's) are the test's to answer: with a listener here Playwright no longer dismisses them by itself.
 */
const accepting = new WeakSet<Page>();

export function acceptSpending(page: Page): void {
  if (accepting.has(page)) return;
  accepting.add(page);
  page.on('dialog', (dialog) => {
    if (SPEND_QUESTION.test(dialog.message())) void dialog.accept();
  });
}

export async function loginAs(page: Page, account: { userName: string; password: string }) {
  acceptSpending(page);
  const response = await page.request.post('/api/account/login', { data: account });
  expect(response.ok()).toBe(true);
  const user: unknown = await response.json();
  await page.goto('/dealers');
  await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);
}

export async function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as unknown);
}

export interface Session {
  id: number;
  token: string;
}

/** Logs in through the API only (no page). */
export async function apiLogin(
  request: APIRequestContext,
  account: { userName: string; password: string },
) {
  const response = await request.post('/api/account/login', { data: account });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Session;
}

/** A new Dealer registered through the API: no package until one is assigned. */
export async function createDealer(request: APIRequestContext, prefix: string) {
  const userName = `${prefix}${Date.now().toString(36)}`;
  const password = 'Dealer@2026';
  const registered = await request.post('/api/account/register', {
    data: {
      userName,
      Name: 'Journey Motors',
      email: `${userName}@example.in`,
      phone: '9810012345',
      role: 'Dealer',
      pincode: '201301',
      state: 'Uttar Pradesh',
      City: 'Noida',
      password,
      confirmPassword: password,
    },
  });
  expect(registered.ok()).toBe(true);
  const { id } = (await registered.json()) as { id: number };
  return { id, userName, password };
}

/** The Admin assigns 'Starter 10 Leads' (from today) to a member, with `creditDebited` of its 10 credits spent. */
export async function createStarterUserPackage(
  request: APIRequestContext,
  userId: number,
  creditDebited: number,
) {
  const admin = await apiLogin(request, demo.admin);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const dropdown = await request.get('/api/packages/dropdown', { headers: auth });
  const starter = ((await dropdown.json()) as { id: number; packageName: string }[]).find(
    (p) => p.packageName === 'Starter 10 Leads',
  );
  expect(starter).toBeDefined();
  const assigned = await request.post('/api/userpackage/add', {
    headers: auth,
    data: {
      userId,
      packageId: starter!.id,
      startDate: new Date().toISOString().slice(0, 10),
      creditDebited,
    },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
}
