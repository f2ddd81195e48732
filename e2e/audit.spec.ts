// The Audit screen (Admin): changes made by an Admin appear with their before → after, filters and paging work, and
// nobody else may open it.
import { expect, test } from '@playwright/test';
import { tokenOf } from './admin-support';
import { demo, loginAs, toast } from './support';

test('an Admin finds their package edit on the Audit screen, filters by action and actor, and pages through', async ({
  page,
}) => {
  const token = await tokenOf(page.request, demo.admin);
  const headers = { authorization: `Bearer ${token}` };
  const code = `AUD${Date.now().toString(36).toUpperCase()}`;
  const input = {
    packageName: `Audit Pack ${code}`,
    packageCode: code,
    packageType: 'Lead',
    packageCredits: 20,
    packageUnit: 'Leads',
    packageValidity: 30,
    packagePrice: 2500,
  };
  const created = await page.request.post('/api/packages/add', { headers, data: input });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const edited = await page.request.put(`/api/packages/update/${id}`, {
    headers,
    data: { ...input, packagePrice: 3100 },
  });
  expect(edited.ok()).toBe(true);
  // Enough entries for a second page (25 a page): toggle a lead's status back and forth.
  const leads = await page.request.get('/api/leads?pageSize=1');
  const [lead] = (await leads.json()) as { id: number }[];
  for (let i = 0; i < 26; i += 1) {
    const res = await page.request.put(`/api/leads/update/${lead!.id}`, {
      headers,
      data: { status: i % 2 === 1 },
    });
    expect(res.ok()).toBe(true);
  }

  await loginAs(page, demo.admin);
  await page.goto('/dealers');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Audit' })
    .click();
  await expect(page.getByRole('heading', { name: /^Audit/ })).toBeVisible();
  await expect(page).toHaveURL(/\/dealers\/audit$/);

  // Newest first: the lead edits, then on the next page the package edit.
  const rows = page.getByTestId('audit-entry');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('lead.update');
  await expect(rows.first()).toContainText(`lead #${lead!.id}`);
  await page
    .getByRole('navigation', { name: 'Audit pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows.filter({ hasText: `package #${id}` }).first()).toBeVisible();

  await page.getByLabel('Action').selectOption('package.update');
  await expect(page).not.toHaveURL(/page=2/);
  const update = rows.filter({ hasText: `package #${id}` });
  await expect(update).toHaveCount(1);
  await expect(update).toContainText('admin');
  await expect(update.locator('[data-field="packagePrice"]')).toHaveText(
    'packagePrice: 2500 → 3100',
  );
  // Only the field that changed.
  await expect(update.locator('li')).toHaveCount(1);

  // Another actor: nothing; Reset filters brings everything back.
  await page.getByLabel('Admin (user name)').fill('dealer');
  await page.getByLabel('Admin (user name)').press('Enter');
  await expect(page.getByText('No audit entries found')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByLabel('Admin (user name)')).toHaveValue('');
  await expect(rows).toHaveCount(25);

  // A day range without entries.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.getByText('No audit entries found')).toBeVisible();
});

test('a dealer cannot open the Audit screen nor read the log', async ({ page }) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/audit');
  await expect(toast(page, 'You are not authorized to access this area')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Audit/ })).toHaveCount(0);
  const token = await tokenOf(page.request, demo.dealer);
  const res = await page.request.get('/api/admin/audit', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});
