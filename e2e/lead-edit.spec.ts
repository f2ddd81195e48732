// Lead edit (docs/screens.md): the Admin deactivates a lead (banner, save, toast, persisted), and the leave guard on unsaved changes.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, loginAs, storedUser, toast, phoneToken } from './support';

const BANNER = 'Information: You have made changes. Any unsaved changes will be lost.';
const LEAVE_TEXT = 'Are you sure you want to continue? Any unsaved changes will be lost';

/** A fresh Active lead of this journey's own, through the open wizard call. */
async function createLead(request: APIRequestContext, name: string): Promise<number> {
  const phone = `98${String(Date.now()).slice(-8)}`;
  const response = await request.post('/api/leads', {
    data: {
      year: 2017,
      brand: 'honda',
      model: 'City',
      ownerType: 'first',
      transmission: 'manual',
      fuelType: 'petrol',
      seats: 5,
      fullName: name,
      city: 'Faridabad',
      phoneNumber: phone,
      price: 525000,
      consent: true,
      verificationToken: await phoneToken(request, phone),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function adminToken(page: Page): Promise<string> {
  return ((await storedUser(page)) as { token: string }).token;
}

async function openEdit(page: Page, id: number, name: string) {
  await page.goto(`/dealers/lead/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('the Admin changes a lead status, sees the banner, saves, and it stays changed', async ({
  page,
}) => {
  const name = `Edit ${Date.now().toString(36)}`;
  const id = await createLead(page.request, name);
  await loginAs(page, demo.admin);
  await openEdit(page, id, name);

  await expect(page.locator('.badge', { hasText: 'Active' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue(name);
  await expect(page.getByLabel('Full Name')).not.toBeEditable();
  await expect(page.getByLabel('Phone Number')).not.toBeEditable();
  await expect(page.getByLabel('Brand')).toHaveValue('Honda');
  const status = page.getByLabel('Status');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(status).toHaveValue('true');
  await expect(save).toBeDisabled();
  await expect(page.getByText(BANNER)).toBeHidden();

  await status.selectOption({ label: 'Inactive' });
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();

  await expect(toast(page, 'Lead updated successfully')).toBeVisible();
  await expect(page.getByText(BANNER)).toBeHidden();
  await expect(save).toBeDisabled();
  await expect(page.locator('.badge', { hasText: 'Inactive' })).toBeVisible();

  // Stored: a reload shows it, the API says so, and the public no longer sees the lead.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('false');
  await expect(page.locator('.badge', { hasText: 'Inactive' })).toBeVisible();
  const asAdmin = await page.request.get(`/api/leads/${id}`, {
    headers: { Authorization: `Bearer ${await adminToken(page)}` },
  });
  expect(asAdmin.ok()).toBe(true);
  expect(await asAdmin.json()).toMatchObject({ id, fullName: name, status: false });
  expect((await page.request.get(`/api/leads/${id}`)).status()).toBe(404);
});

test('the leave guard asks before in-app navigation with unsaved changes', async ({ page }) => {
  const name = `Guard ${Date.now().toString(36)}`;
  const id = await createLead(page.request, name);
  await loginAs(page, demo.admin);
  await openEdit(page, id, name);

  const status = page.getByLabel('Status');
  await status.click();
  await status.selectOption({ label: 'Inactive' });
  await expect(page.getByText(BANNER)).toBeVisible();

  // Dismissed: the screen and the unsaved change stay.
  const dismissed = page.waitForEvent('dialog');
  const homeLink = page.getByRole('link', { name: 'DealerLeads' });
  const clicked = homeLink.click();
  const first = await dismissed;
  expect(first.type()).toBe('confirm');
  expect(first.message()).toBe(LEAVE_TEXT);
  await first.dismiss();
  await clicked;
  await expect(page).toHaveURL(new RegExp(`/dealers/lead/edit/${id}$`));
  await expect(status).toHaveValue('false');
  await expect(page.getByText(BANNER)).toBeVisible();

  // The browser's own warning on unload while the form is changed.
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const warning = await unload;
  expect(warning.type()).toBe('beforeunload');
  await warning.dismiss();
  expect(page.isClosed()).toBe(false);

  // Accepted: the app goes where it was asked, and the lead was not changed.
  page.once('dialog', (dialog) => void dialog.accept());
  await homeLink.click();
  await expect(page).toHaveURL(/\/dealers$/);
  const stored = await page.request.get(`/api/leads/${id}`);
  expect(await stored.json()).toMatchObject({ id, status: true });

  // Cancel with nothing changed leaves at once for the lead list.
  await openEdit(page, id, name);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
});
