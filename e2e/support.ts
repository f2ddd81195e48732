// Shared steps of the browser journeys: demo logins, toasts, the session in localStorage.
import { expect, type Page } from '@playwright/test';

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
export async function loginAs(page: Page, account: { userName: string; password: string }) {
  const response = await page.request.post('/api/account/login', { data: account });
  expect(response.ok()).toBe(true);
  const user: unknown = await response.json();
  await page.goto('/dealers');
  await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);
}

export async function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as unknown);
}
