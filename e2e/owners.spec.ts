// Owners in control and moderation in the browser: the wizard's consent and private link, the owner's page (price,
// mark sold), the lead leaving the list while the dealer who unlocked it sees 'Sold', and a repeated phone in the queue.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiLogin,
  createStarterUserPackage,
  demo,
  loginAs,
  createDealer,
  toast,
  phoneToken,
  verifyPhoneOnForm,
} from './support';

/** A fresh dealer holding the demo's Starter package. */
async function dealerWithCredits(request: APIRequestContext) {
  const dealer = await createDealer(request, 'owners');
  await createStarterUserPackage(request, dealer.id, 0);
  return dealer;
}

const uniquePhone = () => `97${String(Date.now()).slice(-8)}`;

test('an owner submits with consent, opens the private link, changes the price and marks the car sold', async ({
  page,
  browser,
  request,
}) => {
  const name = `Owner zq${Date.now().toString(36)}`;
  const phone = uniquePhone();
  await page.goto('/lead-form');
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  for (const choice of ['Honda', 'City']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next();
  }
  await page.getByLabel('Year').selectOption('2018');
  for (const choice of ['Petrol', 'Manual', '5 Seater', 'First Owner']) {
    await next();
    await page.getByRole('radio', { name: choice, exact: true }).check();
  }
  await page.getByLabel('Kilometres Driven').fill('61,000');
  await next();
  // No photos.
  await next();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('City').fill('Noida');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Expected Price').fill('600000');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('I agree to share my number with up to 5 verified dealers').check();
  await expect(submit).toBeDisabled();
  await verifyPhoneOnForm(page, phone);
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const link = await page.getByLabel('Your private link').inputValue();
  expect(link).toMatch(/\/my-car\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('link', { name: 'Send it to me on WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(new URL(link).pathname)}`),
  );

  const listed = async () => {
    // The owner's name is an Admin's filter (anyone else's is ignored).
    const admin = await apiLogin(request, demo.admin);
    const response = await request.get(
      `/api/leads?name=${encodeURIComponent(name)}&status=active`,
      {
        headers: { Authorization: `Bearer ${admin.token}` },
      },
    );
    return (await response.json()) as { id: number; price: number }[];
  };
  const [lead] = await listed();
  expect(lead).toBeDefined();

  // A dealer unlocks it before the owner sells.
  const dealer = await dealerWithCredits(request);
  const session = await apiLogin(request, dealer);
  const unlock = await request.post(`/api/leads/${lead!.id}/unlock`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(unlock.ok()).toBe(true);

  // The owner's page, with no login.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: '2018 Honda City' })).toBeVisible();
  await expect(page.getByTestId('listing-status')).toHaveText('Listed');
  await expect(page.getByTestId('unlock-count')).toHaveText(
    '1 of 5 dealers have unlocked your number',
  );

  await page.getByLabel('Expected Price').fill('4,95,000');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(toast(page, 'Your price has been updated.')).toBeVisible();
  await expect(page.getByText('₹4,95,000').first()).toBeVisible();
  expect((await listed())[0]?.price).toBe(495_000);

  await page.getByRole('button', { name: 'Mark as sold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark your car as sold?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(toast(page, 'Marked as sold. Dealers no longer see your car.')).toBeVisible();
  await expect(page.getByTestId('listing-status')).toHaveText('Sold');
  await expect(page.getByRole('button', { name: 'Mark as sold' })).toHaveCount(0);

  // Off the list at once.
  expect(await listed()).toEqual([]);

  // The dealer who unlocked it sees 'Sold' on the lead's detail.
  const context = await browser.newContext();
  const dealerPage = await context.newPage();
  await loginAs(dealerPage, dealer);
  await dealerPage.goto(`/leads/${lead!.id}`);
  await expect(dealerPage.getByTestId('listing-status')).toHaveText('Sold');
  await expect(dealerPage.getByTestId('lead-phone')).toHaveText(phone);
  await context.close();
});

test('a wrong private link says so', async ({ page }) => {
  await page.goto(`/my-car/${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not valid. Check that you copied all of it.',
  );
});

test('a phone submitted a third time in 30 days lands in the moderation queue, and the Admin approves it', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const name = `Repeat zq${Date.now().toString(36)}`;
  // Each at a price the market guide finds usual, so only the repeat flags it.
  const cars = [
    ['hyundai', 'Creta', 770_000],
    ['hyundai', 'Venue', 560_000],
    ['kia', 'Seltos', 800_000],
  ] as const;
  const ids: number[] = [];
  for (const [brand, model, price] of cars) {
    const response = await request.post('/api/leads', {
      data: {
        year: 2020,
        brand,
        model,
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: name,
        city: 'Gurugram',
        phoneNumber: phone,
        price,
        consent: true,
        verificationToken: await phoneToken(request, phone),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
  }

  await loginAs(page, demo.admin);
  await page.goto('/dealers/moderation');
  await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
  const row = page.getByTestId('moderation-row').filter({ hasText: `#${ids[2]}` });
  await expect(row).toContainText('Phone submitted 3 times in 30 days');
  await expect(row).toContainText(phone);
  await expect(page.getByTestId('moderation-row').filter({ hasText: `#${ids[0]}` })).toHaveCount(0);

  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Lead approved: it is on the list')).toBeVisible();
  await expect(row).toHaveCount(0);
  const admin = await apiLogin(request, demo.admin);
  const listed = await request.get(`/api/leads?name=${encodeURIComponent(name)}&status=active`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(((await listed.json()) as { id: number }[]).map((l) => l.id).sort()).toEqual(
    [...ids].sort(),
  );
});
