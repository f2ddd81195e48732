// Buying a package by UPI in the browser (the e2e server runs with UPI_VPA and MERCHANT_NAME): the dealer's half in
// the purchase popup, the Admin's on Payments. Used by the journeys that need a bought package.
import { expect, type Locator, type Page } from '@playwright/test';
import { orderMessages } from '@dealerleads/shared';
import { toast } from './support';

/** The first lead card still locked for the logged-in dealer. */
export function firstLocked(page: Page) {
  return page
    .getByRole('region', { name: 'Lead results' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Unlock contact' }) })
    .first();
}

/**
 * For a dealer without credits, on the lead list: Unlock opens the purchase popup; orders 'Starter 10 Leads' by UPI,
 * lets `inspect` look at the QR step, gives a UTR and closes the popup. Returns the order's reference and the UTR.
 */
export async function buyStarterByUpi(
  page: Page,
  inspect: (popup: Locator, reference: string) => Promise<void> = async () => undefined,
): Promise<{ reference: string; utr: string }> {
  await page.goto('/dealers/leads');
  await firstLocked(page).getByRole('button', { name: 'Unlock contact' }).click();
  const popup = page.getByRole('dialog', { name: 'Buy a Package' });
  await popup.getByRole('button', { name: 'Buy Starter 10 Leads by UPI' }).click();
  await expect(popup.getByTestId('upi-qr')).toBeVisible();
  const reference = (await popup.getByTestId('upi-reference').textContent())!.trim();
  await inspect(popup, reference);
  const utr = String(Date.now()).slice(-12).padStart(12, '7');
  await popup.getByLabel(/UTR/).fill(utr);
  await popup.getByRole('button', { name: 'I have paid' }).click();
  await expect(popup.getByTestId('payment-submitted')).toContainText('Payment submitted');
  await popup.getByRole('button', { name: 'Close' }).last().click();
  return { reference, utr };
}

/** As the Admin (logged in): confirms the order on Payments; returns its row there. */
export async function confirmPayment(page: Page, reference: string, note?: string) {
  await page.goto('/dealers/payments');
  const row = page.getByTestId('payment-row').filter({ hasText: reference });
  await row.getByRole('button', { name: `Confirm ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm order ${reference}` });
  if (note !== undefined) await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(toast(page, orderMessages.confirmed)).toBeVisible();
  return row;
}
