// Buying a package by UPI (docs/credits.md): a dealer without credits orders from the purchase popup, sees the UPI QR
// code, gives the UTR; the Admin confirms on Payments; the dealer's nav bar shows the credits. The server runs with
// UPI_VPA and MERCHANT_NAME (playwright.config.ts).
import { expect, test, type Page } from '@playwright/test';
import { orderMessages } from '@dealerleads/shared';
import { demo, loginAs, registerDealer, toast } from './support';

function firstLocked(page: Page) {
  return page
    .getByRole('region', { name: 'Lead results' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Unlock contact' }) })
    .first();
}

test('a dealer buys a package by UPI, the Admin confirms it, and the nav bar shows the credits', async ({
  page,
  request,
}) => {
  const dealer = await registerDealer(request, 'upibuyer');
  await loginAs(page, dealer);
  await page.goto('/dealers/leads');
  await firstLocked(page).getByRole('button', { name: 'Unlock contact' }).click();
  const popup = page.getByRole('dialog', { name: 'Buy a Package' });
  await popup.getByRole('button', { name: 'Buy Starter 10 Leads by UPI' }).click();

  // The QR code and its text alternative.
  await expect(popup.getByTestId('upi-qr')).toBeVisible();
  await expect(popup.getByTestId('upi-vpa')).toHaveText('dealerleads@okaxis');
  await expect(popup.getByTestId('upi-amount')).toHaveText('₹999');
  const reference = (await popup.getByTestId('upi-reference').textContent())!.trim();
  expect(reference).toMatch(/^DL-\d{8}-[A-Z2-9]{6}$/);
  await expect(popup.getByRole('link', { name: 'Open UPI app' })).toHaveAttribute(
    'href',
    `upi://pay?pa=dealerleads@okaxis&pn=DealerLeads%20Demo&am=999.00&cu=INR&tn=${reference}`,
  );
  const utr = String(Date.now()).slice(-12).padStart(12, '7');
  await popup.getByLabel(/UTR/).fill(utr);
  await popup.getByRole('button', { name: 'I have paid' }).click();
  await expect(popup.getByTestId('payment-submitted')).toContainText('Payment submitted');
  await popup.getByRole('button', { name: 'Close' }).last().click();

  // The Admin confirms it on Payments.
  await loginAs(page, demo.admin);
  await page.goto('/dealers/payments');
  const row = page.getByTestId('payment-row').filter({ hasText: reference });
  await expect(row).toContainText(utr);
  await row.getByRole('button', { name: `Confirm ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm order ${reference}` });
  await dialog.getByLabel('Note (optional)').fill('Seen in the bank statement');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(toast(page, orderMessages.confirmed)).toBeVisible();
  // It leaves the open orders for the Confirmed tab.
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirmed', exact: true }).click();
  await expect(row.getByTestId('order-status')).toHaveText('Confirmed');

  // The dealer's balance, and the receipt.
  await loginAs(page, dealer);
  await page.goto('/dealers/leads');
  await expect(page.getByTestId('nav-balance')).toHaveText('10 credits');
  await page.goto('/dealers/orders');
  const mine = page.getByTestId('my-order-row').filter({ hasText: reference });
  await expect(mine.getByTestId('order-status')).toHaveText('Confirmed');
  await mine.getByRole('link', { name: `Receipt ${reference}` }).click();
  await expect(page.getByTestId('receipt')).toContainText(utr);
  await expect(page.getByTestId('receipt')).toContainText('₹999');
});
