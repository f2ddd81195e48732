// User package management (docs/screens.md): an Admin assigns a package to a dealer; the derived fields follow the package.
import { expect, test } from '@playwright/test';
import { todayInIndia } from '@dealerleads/shared';
import { createMember } from './admin-support';
import { demo, loginAs, toast } from './support';

function mediumDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

test('an Admin assigns a package to a dealer: credits, unit, validity, end date and balance are derived', async ({
  page,
}) => {
  const dealer = await createMember(page.request, 'e2eu');
  await loginAs(page, demo.admin);
  await page.goto('/dealers/user-packages');
  await expect(page.getByRole('heading', { name: 'User Package Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Add User Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User Package' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.modal-dialog')).toHaveClass(/modal-lg/);
  await expect(page.locator('.modal-dialog')).toHaveClass(/modal-dialog-centered/);
  await expect(dialog.getByLabel('Start Date', { exact: true })).toHaveValue(todayInIndia());
  await expect(dialog.getByLabel('Credits Debited', { exact: true })).toHaveValue('0');

  // Submitted empty: the warning and each required message.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
  await expect(dialog.getByText('Please select a user')).toBeVisible();
  await expect(dialog.getByText('Please select a package')).toBeVisible();

  // The user picker is a typeahead: part of the user name finds the member.
  await dialog.getByRole('combobox', { name: 'User' }).fill(dealer.userName);
  await dialog.getByRole('option', { name: `${dealer.name} (${dealer.userName})` }).click();
  await dialog.getByLabel('Package', { exact: true }).selectOption({ label: 'Pro 50 Leads' });
  await expect(dialog.getByLabel('Credits', { exact: true })).toHaveValue('50');
  await expect(dialog.getByLabel('Unit', { exact: true })).toHaveValue('Leads');
  await expect(dialog.getByLabel('Validity (days)', { exact: true })).toHaveValue('60');
  await expect(dialog.getByLabel('Balance Credits', { exact: true })).toHaveValue('50');
  // Starting today: ends 60 days later.
  const today = todayInIndia();
  const end = new Date(`${today}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 60);
  await expect(dialog.getByLabel('End Date', { exact: true })).toHaveValue(
    mediumDate(end.toISOString().slice(0, 10)),
  );

  await dialog.getByLabel('Start Date', { exact: true }).fill('2026-12-01');
  await expect(dialog.getByLabel('End Date', { exact: true })).toHaveValue('Jan 30, 2027');
  await dialog.getByLabel('Credits Debited', { exact: true }).fill('51');
  await expect(dialog.getByText('Credits debited cannot exceed the package credits')).toBeVisible();
  await dialog.getByLabel('Credits Debited', { exact: true }).fill('5');
  await expect(dialog.getByLabel('Balance Credits', { exact: true })).toHaveValue('45');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User package added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Newest first: the assignment heads the reloaded list, as the server derived it too.
  const row = page.getByRole('row', { name: new RegExp(dealer.userName) });
  await expect(row.getByRole('cell')).toHaveText([
    '1',
    'Pro 50 Leads',
    '50',
    'Leads',
    '60',
    'Dec 1, 2026',
    'Jan 30, 2027',
    '45',
    'Active',
    '',
  ]);

  // Its edit opens the same modal with the row.
  await row.getByRole('button', { name: `Edit Pro 50 Leads of ${dealer.userName}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User Package' });
  await expect(editDialog.getByLabel('Start Date', { exact: true })).toHaveValue('2026-12-01');
  await expect(editDialog.getByLabel('Credits Debited', { exact: true })).toHaveValue('5');
  await expect(editDialog.getByLabel('Balance Credits', { exact: true })).toHaveValue('45');
  await editDialog.getByLabel('Status', { exact: true }).selectOption('false');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User package updated successfully')).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('Inactive');
});
