// Unlocking contacts with real credits (design.md §4): no package, a dealer with credits, the last credit, and an Admin.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { creditFlowMessages } from '@dealerleads/shared';
import { demo, loginAs, toast } from './support';

interface Session {
  id: number;
  token: string;
}

async function apiLogin(
  request: APIRequestContext,
  account: { userName: string; password: string },
) {
  const response = await request.post('/api/account/login', { data: account });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Session;
}

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

/** The balance of the member's package the unlock will use (their only live one). */
async function liveBalance(request: APIRequestContext, session: Session): Promise<number> {
  const response = await request.get(`/api/userpackage/user/${session.id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok()).toBe(true);
  const packages = (await response.json()) as {
    isActive: boolean;
    packageBalanceCredits: number;
  }[];
  const live = packages.filter((p) => p.isActive);
  expect(live).toHaveLength(1);
  return live[0]!.packageBalanceCredits;
}

test('a dealer without a package is warned and offered the price list', async ({ page }) => {
  await loginAs(page, demo.newDealer);
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
  const before = await liveBalance(request, session);
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  const locked = firstLocked(page);
  const id = await locked.getAttribute('data-lead-id');
  await locked.getByRole('button', { name: 'Unlock contact' }).click();

  await expect(toast(page, creditFlowMessages.success(before - 1))).toBeVisible();
  expect(await liveBalance(request, session)).toBe(before - 1);
  const card = results(page).locator(`[data-lead-id="${id}"]`);
  const call = card.getByRole('link', { name: /^Call \+91 \d{10}$/ });
  await expect(call).toHaveAttribute('href', /^tel:\+91\d{10}$/);
  await expect(card.getByRole('link', { name: /^WhatsApp \+91 \d{10}$/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/91\d{10}$/,
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
  expect(await liveBalance(request, session)).toBe(before - 1);
});

test('the last credit adds the info toast; the next lock warns that all credits are used', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, demo.admin);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const userName = `last${Date.now().toString(36)}`;
  const password = 'Dealer@2026';
  const registered = await request.post('/api/account/register', {
    data: {
      userName,
      Name: 'Last Credit Motors',
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
  const member = (await registered.json()) as { id: number };
  const dropdown = await request.get('/api/packages/dropdown', { headers: auth });
  const starter = ((await dropdown.json()) as { id: number; packageName: string }[]).find(
    (p) => p.packageName === 'Starter 10 Leads',
  );
  expect(starter).toBeDefined();
  const assigned = await request.post('/api/userpackage/add', {
    headers: auth,
    data: {
      userId: member.id,
      packageId: starter!.id,
      startDate: new Date().toISOString().slice(0, 10),
      creditDebited: 9,
    },
  });
  expect(assigned.ok()).toBe(true);

  await loginAs(page, { userName, password });
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
