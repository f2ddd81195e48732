// Unlocking contacts with real credits (docs/api.md): no package, a dealer with credits, the last credit, and an Admin.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { creditFlowMessages } from '@dealerleads/shared';
import {
  apiLogin,
  createStarterUserPackage,
  demo,
  loginAs,
  createDealer,
  toast,
  type Session,
} from './support';

function results(page: Page) {
  return page.getByRole('region', { name: 'Lead results' });
}

/** The first card still behind its lock. */
function firstLocked(page: Page) {
  return results(page)
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Unlock contact' }) })
    .first();
}

/** Each of the member's packages and its balance (id → credits left). */
async function balances(
  request: APIRequestContext,
  session: Session,
): Promise<Map<number, number>> {
  const response = await request.get(`/api/userpackage/user/${session.id}?pageSize=100`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok()).toBe(true);
  const packages = (await response.json()) as { id: number; packageBalanceCredits: number }[];
  return new Map(packages.map((p) => [p.id, p.packageBalanceCredits]));
}

const total = (map: Map<number, number>) => [...map.values()].reduce((sum, n) => sum + n, 0);

test('a dealer without a package is warned and offered the price list', async ({
  page,
  request,
}) => {
  // Like the demo's newdealer, but sure to have no package whatever other journeys assign.
  await loginAs(page, await createDealer(request, 'nopkg'));
  await page.goto('/dealers/leads');
  await firstLocked(page).getByRole('button', { name: 'Unlock contact' }).click();
  await expect(toast(page, creditFlowMessages.noActivePackage)).toBeVisible();
  await expect(toast(page, creditFlowMessages.noActivePackage)).toHaveClass(
    /Toastify__toast--warning/,
  );
  const popup = page.getByRole('dialog', { name: 'Buy a Package' });
  await expect(popup.getByText('Starter 10 Leads')).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).last().click();
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
});

test('a dealer with credits unlocks a lead: the count, the contact, after a reload and on its detail', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, demo.dealer);
  const before = await balances(request, session);
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  const locked = firstLocked(page);
  const id = await locked.getAttribute('data-lead-id');
  const asked = page.waitForEvent('dialog').then((dialog) => dialog.message());
  await locked.getByRole('button', { name: 'Unlock contact' }).click();
  // Asked first, naming the whole balance across packages.
  expect(await asked).toBe(`Use 1 of your ${total(before)} credits?`);

  // The toast's count is the balance left across every package, one credit less (what the nav shows).
  const success = toast(
    page,
    /^Lead contact details unlocked\. 1 credit used\. \d+ credits? remaining\.$/,
  );
  await expect(success).toBeVisible();
  const remaining = Number(
    /(\d+) credits? remaining/.exec((await success.textContent()) ?? '')?.[1],
  );
  const after = await balances(request, session);
  expect(total(after)).toBe(total(before) - 1);
  expect(remaining).toBe(total(after));
  const card = results(page).locator(`[data-lead-id="${id}"]`);
  const call = card.getByRole('link', { name: /^Call \+91 \d{10}$/ });
  await expect(call).toHaveAttribute('href', /^tel:\+91\d{10}$/);
  await expect(card.getByRole('link', { name: /^WhatsApp \+91 \d{10}$/ })).toHaveAttribute(
    'href',
    // The chat opens with a greeting that names the car.
    /^https:\/\/wa\.me\/91\d{10}\?text=Hello%2C%20I%20saw%20your%20/,
  );
  await expect(card.getByRole('button', { name: 'Unlock contact' })).toHaveCount(0);
  const phone = ((await call.getAttribute('href')) ?? '').slice('tel:+91'.length);

  // The server remembers: a reload shows it unlocked, with no second charge.
  await page.reload();
  await expect(card.getByRole('link', { name: `Call +91 ${phone}` })).toBeVisible();
  await page.goto(`/leads/${id}`);
  await expect(page.getByTestId('lead-phone')).toHaveText(phone);
  await expect(page.getByRole('button', { name: 'Unlock contact' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Call +91 ${phone}` })).toBeVisible();
  expect(total(await balances(request, session))).toBe(total(before) - 1);
});

test('the last credit adds the info toast; the next lock warns that all credits are used', async ({
  page,
  request,
}) => {
  const member = await createDealer(request, 'last');
  await createStarterUserPackage(request, member.id, 9);

  await loginAs(page, member);
  await page.goto('/dealers/leads');
  await firstLocked(page).getByRole('button', { name: 'Unlock contact' }).click();
  await expect(toast(page, creditFlowMessages.success(0))).toBeVisible();
  await expect(toast(page, creditFlowMessages.lastCredit)).toBeVisible();
  await expect(toast(page, creditFlowMessages.lastCredit)).toHaveClass(/Toastify__toast--info/);

  await firstLocked(page).getByRole('button', { name: 'Unlock contact' }).click();
  await expect(toast(page, creditFlowMessages.allCreditsUsed)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Buy a Package' })).toBeVisible();
});

test('an Admin sees every contact and the edit pencil', async ({ page }) => {
  await loginAs(page, demo.admin);
  await page.goto('/dealers/leads');
  const cards = results(page).getByRole('article');
  await expect(cards).toHaveCount(60);
  await expect(results(page).getByRole('button', { name: 'Unlock contact' })).toHaveCount(0);
  const first = cards.first();
  const id = await first.getAttribute('data-lead-id');
  await expect(first.getByRole('link', { name: /^Call \+91 \d{10}$/ })).toBeVisible();
  const pencil = first.getByRole('link', { name: `Edit lead ${id}` });
  await expect(pencil).toHaveAttribute('href', `/dealers/lead/edit/${id}`);
  await pencil.click();
  await expect(page).toHaveURL(new RegExp(`/dealers/lead/edit/${id}$`));
});
