// Package management (docs/screens.md; docs/deviations.md): an Admin adds, edits and deactivates a package; dealers get no admin actions.
import { expect, test } from '@playwright/test';
import { tokenOf } from './admin-support';
import { demo, loginAs, toast } from './support';

test('an Admin adds a package (a validation message first), edits it, and deactivates it after the confirmation', async ({
  page,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const name = `E2E Dealer Pack ${code}`;
  await loginAs(page, demo.admin);
  await page.goto('/dealers/packages');
  await expect(page.getByRole('heading', { name: 'Package Management' })).toBeVisible();
  // The seeded price list, with rupees grouped the Indian way.
  await expect(page.getByRole('row', { name: /Trial 7 Days/ })).toContainText('₹0');

  await page.getByRole('button', { name: 'Add Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Package' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(dialog.getByLabel('Status')).toHaveCount(0);

  await dialog.getByLabel('Package Name').fill(name);
  await dialog.getByLabel('Package Credits').fill('0');
  await dialog.getByLabel('Package Credits').blur();
  await expect(dialog.getByText('Package credits must be greater than 0')).toBeVisible();
  await expect(save).toBeDisabled();

  await dialog.getByLabel('Package Credits').fill('15');
  await dialog.getByLabel('Package Code').fill('PRO50');
  await dialog.getByLabel('Package Type').selectOption('Lead');
  await dialog.getByLabel('Package Unit').selectOption('Leads');
  await dialog.getByLabel('Validity (days)').fill('30');
  await dialog.getByLabel('Price (in INR)').fill('12999');
  await expect(save).toBeEnabled();
  // A code already in use: the server's text, and the modal stays open.
  await save.click();
  await expect(toast(page, 'Package code is already in use')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Package Code').fill(code);
  await save.click();
  await expect(toast(page, 'Package added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Search packages' });
  await expect(search).toHaveAttribute('placeholder', 'Search packages...');
  await search.fill(code);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('₹12,999');
  await expect(row).toContainText('Active');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Edit: the same modal with the row, and a Status select.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Package' });
  await expect(editDialog.getByLabel('Package Code')).toHaveValue(code);
  await expect(editDialog.getByLabel('Status')).toHaveValue('true');
  await editDialog.getByLabel('Price (in INR)').fill('1250000');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Package updated successfully')).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('₹12,50,000');

  // Deactivate: asked first; "Cancel" changes nothing.
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Package' });
  await expect(confirm).toContainText('Are you sure you want to deactivate this package?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Package deactivated successfully')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Deactivate ${name}` })).toHaveCount(0);

  // Nobody else can see or buy it any more.
  const token = await tokenOf(page.request, demo.dealer);
  const list = await page.request.get(`/api/packages?searchterm=${code}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await list.json()).toEqual([]);
});

/*
 * Decision: `/dealers/packages` is the package *management* route and stays Admin-guarded
 * (app/router.tsx, docs/deviations.md). The price list a dealer may see is GET /api/packages; the
 * screen itself hides Actions and 'Add Package' from non-admins (package-management-page.test.tsx).
 */
test('a dealer is turned away from package management; their price list is active packages, with no admin actions', async ({
  page,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/packages');
  await expect(toast(page, 'You are not authorized to access this area')).toBeVisible();
  await expect(page).toHaveURL(/\/dealers$/);
  await expect(page.getByRole('heading', { name: 'Package Management' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Package' })).toHaveCount(0);

  const token = await tokenOf(page.request, demo.dealer);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/packages?pageSize=100', { headers });
  expect(list.ok()).toBe(true);
  const packages = (await list.json()) as { packageCode: string; isActive: boolean }[];
  expect(packages.length).toBeGreaterThan(0);
  expect(packages.every((pkg) => pkg.isActive)).toBe(true);
  expect(packages.map((pkg) => pkg.packageCode)).not.toContain('FEST25');

  // The admin actions are refused by the API, not only hidden.
  const add = await page.request.post('/api/packages/add', {
    headers,
    data: {
      packageName: 'Free for me',
      packageCode: 'FREE1',
      packageType: 'Lead',
      packageCredits: 1000,
      packageUnit: 'Leads',
      packageValidity: 365,
      packagePrice: 0,
    },
  });
  expect(add.status()).toBe(403);
  const deactivate = await page.request.put('/api/packages/deactivate/1', { headers });
  expect(deactivate.status()).toBe(403);
  const dropdown = await page.request.get('/api/packages/dropdown', { headers });
  expect(dropdown.status()).toBe(403);
});
