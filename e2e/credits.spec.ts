// Credits a dealer can trust (docs/credits.md): the balance in the nav bar, a package ending soon pointed out, the
// history after an unlock, and an Admin's adjustment with a reason.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { creditFlowMessages, todayInIndia } from '@dealerleads/shared';
import { demo, loginAs, toast } from './support';
import { createMember, tokenOf } from './admin-support';

/** Gives a fresh dealer 'Starter 10 Leads' (30 days) started 28 days ago with 5 credits used: 5 left, 2 days to go. */
async function dealerWithEndingPackage(request: APIRequestContext) {
  const member = await createMember(request, 'cred');
  const auth = { Authorization: `Bearer ${await tokenOf(request, demo.admin)}` };
  const me = (await (await request.post('/api/account/login', { data: member })).json()) as {
    id: number;
  };
  const dropdown = await request.get('/api/packages/dropdown', { headers: auth });
  const starter = ((await dropdown.json()) as { id: number; packageName: string }[]).find(
    (p) => p.packageName === 'Starter 10 Leads',
  );
  const start = new Date(`${todayInIndia()}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 28);
  const assigned = await request.post('/api/userpackage/add', {
    headers: auth,
    data: {
      userId: me.id,
      packageId: starter!.id,
      startDate: start.toISOString().slice(0, 10),
      creditDebited: 5,
    },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  return { member, id: me.id };
}

test('a dealer sees the balance in the nav bar, the package ending soon, and the history after an unlock', async ({
  page,
  request,
}) => {
  const { member } = await dealerWithEndingPackage(request);
  await loginAs(page, member);
  await page.goto('/dealers/leads');
  const balance = page.getByTestId('nav-balance');
  await expect(balance).toHaveText('5 credits');
  await expect(
    page.getByText(/^Your package Starter 10 Leads ends on .* with 5 credits left\.$/),
  ).toBeVisible();

  const locked = page
    .getByRole('region', { name: 'Lead results' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Unlock contact' }) })
    .first();
  const leadId = await locked.getAttribute('data-lead-id');
  await locked.getByRole('button', { name: 'Unlock contact' }).click();
  await expect(toast(page, creditFlowMessages.success(4))).toBeVisible();
  await expect(balance).toHaveText('4 credits');

  await balance.click();
  await expect(page).toHaveURL(/\/dealers\/credits$/);
  await expect(page.getByTestId('credits-balance')).toHaveText('4 credits');
  const rows = page.getByTestId('ledger').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Lead unlocked');
  await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/leads/${leadId}`);
  await expect(rows.nth(0).locator('td').nth(4)).toHaveText('4');
  await expect(rows.nth(1)).toContainText('Adjustment');
  await expect(rows.nth(2)).toContainText('Package granted');
  await expect(rows.nth(2).locator('td').nth(4)).toHaveText('10');
});

test("an Admin adjusts a member's balance with a reason, and the dealer's history shows it", async ({
  page,
  request,
}) => {
  const { member, id } = await dealerWithEndingPackage(request);
  await loginAs(page, demo.admin);
  await page.goto(`/dealers/credits/${id}`);
  await expect(page.getByTestId('credits-balance')).toHaveText('5 credits');
  await page.getByLabel('Package', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Credits (±)').fill('3');
  await page.getByRole('button', { name: 'Adjust' }).click();
  await expect(page.getByRole('alert')).toContainText('Reason must be at least 3 characters');
  await page.getByLabel('Reason').fill('Goodwill for a wrong number');
  await page.getByRole('button', { name: 'Adjust' }).click();
  await expect(toast(page, 'Credits adjusted')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('8 credits');

  await loginAs(page, member);
  await page.goto('/dealers/credits');
  const first = page.getByTestId('ledger').locator('tbody tr').first();
  await expect(first).toContainText('Adjustment');
  await expect(first).toContainText('Goodwill for a wrong number');
  await expect(first.locator('td').nth(3)).toHaveText('+3');
});
