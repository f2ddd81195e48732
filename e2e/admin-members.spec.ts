// Member screens (docs/screens.md, docs/deviations.md): an Admin searches and edits a member; a dealer edits their own profile.
import { expect, test } from '@playwright/test';
import { createMember } from './admin-support';
import { demo, loginAs, toast } from './support';

const LEAVE_TEXT = 'Are you sure you want to continue? Any unsaved changes will be lost';

test('an Admin searches members and edits one: banner, leave guard, save, toast, card colour follows status', async ({
  page,
}) => {
  const member = await createMember(page.request, 'e2em');
  await loginAs(page, demo.admin);
  await page.goto('/dealers/members');
  await expect(page.getByRole('heading', { name: /^Members \(\d+ found\)$/ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search members' }).fill(member.userName);
  await page.getByRole('searchbox', { name: 'Search members' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Members (1 found)' })).toBeVisible();
  const card = page.getByRole('article', { name: member.name });
  await expect(card).toContainText(member.email);
  await expect(card).toContainText('Active');
  await expect(card).not.toHaveClass(/bg-secondary-subtle/);
  const editLink = card.getByRole('link', { name: /Edit Member/ });
  await expect(editLink).toHaveClass(/btn-danger/);

  await editLink.click();
  await expect(page).toHaveURL(new RegExp(`/dealers/member/edit/${member.userName}$`));
  await expect(page.getByRole('heading', { name: "Update User's Details" })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(member.userName);
  const save = page.getByRole('button', { name: 'Save Changes' });
  const banner = page.getByText('You have made changes. Any unsaved changes will be lost.');
  await expect(save).toBeDisabled();
  await expect(banner).toBeHidden();

  // A validation error is listed as a bullet.
  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await email.blur();
  await expect(
    page.locator('.alert-danger li', { hasText: 'Please enter a valid Email' }),
  ).toBeVisible();
  await email.fill(member.email);
  await expect(page.locator('.alert-danger')).toBeHidden();

  await page.getByLabel('Status').selectOption('false');
  await expect(banner).toBeVisible();
  await expect(save).toBeEnabled();

  // The leave guard asks first; answering no stays on the form.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(LEAVE_TEXT);
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dealers/member/edit/${member.userName}$`));
  await expect(banner).toBeVisible();

  await save.click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(banner).toBeHidden();

  // Clean again, Cancel leaves without asking, back to the same search: the card is grey now.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dealers/members\\?q=${member.userName}$`));
  const greyCard = page.getByRole('article', { name: member.name });
  await expect(greyCard).toHaveClass(/bg-secondary-subtle/);
  await expect(greyCard).toContainText('Inactive');
  await expect(greyCard.getByRole('link', { name: /Edit Member/ })).toHaveClass(/btn-secondary/);

  // The status filter finds them among the inactive members only.
  await page.getByLabel('Status').selectOption('true');
  await expect(page.getByText('No users found')).toBeVisible();
  await page.getByLabel('Status').selectOption('false');
  await expect(page.getByRole('article', { name: member.name })).toBeVisible();
});

test('a dealer edits their own profile from Edit Profile and never sees Role or Status', async ({
  page,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/dealers\/member\/edit\/dealer$/);
  await expect(page.getByRole('heading', { name: "Update User's Details" })).toBeVisible();
  const city = page.getByLabel('City');
  await expect(city).toHaveValue('Gurugram');
  await expect(page.getByLabel('Username')).toHaveValue('dealer');
  await expect(page.getByLabel('Role')).toHaveCount(0);
  await expect(page.getByLabel('Status')).toHaveCount(0);

  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await city.fill('Gurugram Sector 29');
  await expect(page.getByText('You have made changes.', { exact: false })).toBeVisible();
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().includes('/api/users/update/'),
  );
  await save.click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body.city).toBe('Gurugram Sector 29');
  expect(Object.keys(body)).not.toContain('role');
  expect(Object.keys(body)).not.toContain('status');
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();

  // Put the demo account back as seeded.
  await city.fill('Gurugram');
  await save.click();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Gurugram');
});
