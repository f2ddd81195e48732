// Buying a package by UPI (docs/credits.md): a dealer without credits orders from the purchase popup, sees the UPI QR
// code, gives the UTR; the Admin confirms on Payments; the dealer's nav bar shows the credits. The server runs with
// UPI_VPA and MERCHANT_NAME (playwright.config.ts).
import { expect, test } from '@playwright/test';
import { demo, loginAs, createDealer } from './support';
import { buyStarterByUpi, confirmPayment } from './upi-support';

test('a dealer buys a package by UPI, the Admin confirms it, and the nav bar shows the credits', async ({
  page,
  request,
}) => {
  const dealer = await createDealer(request, 'upibuyer');
  await loginAs(page, dealer);
  // The QR code and its text alternative.
  const { reference, utr } = await buyStarterByUpi(page, async (popup, reference) => {
    await expect(popup.getByTestId('upi-vpa')).toHaveText('dealerleads@okaxis');
    await expect(popup.getByTestId('upi-amount')).toHaveText('₹999');
    expect(reference).toMatch(/^DL-\d{8}-[A-Z2-9]{6}$/);
    await expect(popup.getByRole('link', { name: 'Open UPI app' })).toHaveAttribute(
      'href',
      `upi://pay?pa=dealerleads@okaxis&pn=DealerLeads%20Demo&am=999.00&cu=INR&tn=${reference}`,
    );
  });

  // The Admin sees the UTR and confirms it on Payments.
  await loginAs(page, demo.admin);
  await page.goto('/dealers/payments');
  await expect(page.getByTestId('payment-row').filter({ hasText: reference })).toContainText(utr);
  const row = await confirmPayment(page, reference, 'Seen in the bank statement');
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
