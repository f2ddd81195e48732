// The cap per lead (docs/credits.md): the Admin sets it to 2 on the settings screen, two dealers unlock a new lead, and
// the third sees it sold out (no unlock button), hidden from the list until the filter is turned off.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEFAULT_SETTINGS } from '@dealerleads/shared';
import {
  apiLogin,
  createStarterUserPackage,
  demo,
  loginAs,
  createDealer,
  toast,
  phoneToken,
} from './support';

// The screens' texts (apps/web/src/features/leads/lead-format.ts leadCapTexts), spelled out as a visitor reads them.
const leadCapTexts = {
  dealersUnlocked: (count: number, max: number) =>
    `${count} of ${max} ${max === 1 ? 'dealer' : 'dealers'} unlocked`,
  soldOut: 'Sold out',
  soldOutNote: 'Sold out: no more dealers can unlock this lead.',
  hideSoldOut: 'Hide sold-out leads',
};

/** A new lead of its own (newest first: it tops the list), from the wizard's API. */
async function submitLead(request: APIRequestContext): Promise<number> {
  const phone = `96${String(Date.now()).slice(-8)}`;
  const response = await request.post('/api/leads', {
    data: {
      year: 2021,
      brand: 'tata',
      model: 'Nexon',
      ownerType: 'first',
      transmission: 'manual',
      fuelType: 'petrol',
      seats: 5,
      fullName: `Cap Owner ${Date.now().toString(36)}`,
      city: 'Noida',
      phoneNumber: phone,
      price: 725000,
      consent: true,
      verificationToken: await phoneToken(request, phone),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function setCap(request: APIRequestContext, maxDealersPerLead: number) {
  const admin = await apiLogin(request, demo.admin);
  const response = await request.put('/api/settings', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { maxDealersPerLead },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

// Specs share one server (one worker): the cap goes back to its default whatever happens here.
test.afterEach(async ({ request }) => setCap(request, DEFAULT_SETTINGS.maxDealersPerLead));

test('a cap of 2 with three dealers: the third sees the lead sold out and cannot unlock it', async ({
  page,
  request,
}) => {
  const dealers = await Promise.all(['capa', 'capb', 'capc'].map((p) => createDealer(request, p)));
  for (const dealer of dealers) await createStarterUserPackage(request, dealer.id, 0);
  const leadId = await submitLead(request);

  await loginAs(page, demo.admin);
  await page.goto('/dealers/settings');
  const cap = page.getByLabel('Most dealers per lead');
  await expect(cap).toHaveValue(String(DEFAULT_SETTINGS.maxDealersPerLead));
  await cap.fill('2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();

  for (const dealer of dealers.slice(0, 2)) {
    const { token } = await apiLogin(request, dealer);
    const unlocked = await request.post(`/api/leads/${leadId}/unlock`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(unlocked.ok(), await unlocked.text()).toBe(true);
  }

  await loginAs(page, dealers[2]!);
  await page.goto(`/leads/${leadId}`);
  await expect(page.getByTestId('lead-dealers')).toHaveText(leadCapTexts.dealersUnlocked(2, 2));
  await expect(page.getByTestId('sold-out-note')).toHaveText(leadCapTexts.soldOutNote);
  await expect(page.getByRole('button', { name: /^Unlock contact/ })).toHaveCount(0);

  // The list hides it from a dealer by default; turning the filter off shows it, sold out.
  await page.goto('/dealers/leads');
  const results = page.getByRole('region', { name: 'Lead results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  const card = results.locator(`[data-lead-id="${leadId}"]`);
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  const hide = panel.getByRole('switch', { name: leadCapTexts.hideSoldOut });
  await expect(hide).toBeChecked();
  await hide.click();
  await expect(page).toHaveURL(/hideSoldOut=false/);
  await panel.getByRole('button', { name: 'Close filters' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByText(leadCapTexts.soldOut, { exact: true })).toBeVisible();
  await expect(card.getByTestId('sold-out-note')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Unlock contact/ })).toHaveCount(0);
  await expect(card.getByTestId('lead-dealers')).toHaveText(leadCapTexts.dealersUnlocked(2, 2));
});
