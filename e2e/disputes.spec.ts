// Credits end to end (docs/credits.md): a dealer buys a package by UPI, the Admin confirms the payment, the nav bar
// shows the credits; the dealer unlocks a lead, reports a wrong number from My Leads, the Admin approves it in the
// Disputes queue, and the dealer's balance is back with the outcome on My Leads.
import { expect, test } from '@playwright/test';
import { creditFlowMessages, disputeMessages } from '@dealerleads/shared';
import { demo, loginAs, createDealer, toast } from './support';
import { buyStarterByUpi, confirmPayment, firstLocked } from './upi-support';

test('a package bought by UPI, a lead unlocked, a wrong number reported and approved: the credit is back', async ({
  page,
  request,
}) => {
  const dealer = await createDealer(request, 'disp');
  await loginAs(page, dealer);
  const { reference } = await buyStarterByUpi(page);
  await loginAs(page, demo.admin);
  await confirmPayment(page, reference);

  await loginAs(page, dealer);
  await page.goto('/dealers/leads');
  const balance = page.getByTestId('nav-balance');
  await expect(balance).toHaveText('10 credits');
  await firstLocked(page).getByRole('button', { name: 'Unlock contact' }).click();
  await expect(toast(page, creditFlowMessages.success(9))).toBeVisible();
  await expect(balance).toHaveText('9 credits');

  await page.goto('/dealers/my-leads');
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What is wrong?').selectOption({ label: 'Wrong number' });
  await dialog.getByLabel('Note (optional)').fill('Number belongs to someone else');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, disputeMessages.reported)).toBeVisible();
  await expect(card.getByTestId('dispute-outcome')).toContainText(
    'Problem reported (Wrong number): Under review',
  );
  await expect(card.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);

  await loginAs(page, demo.admin);
  await page.goto('/dealers/disputes');
  const row = page.getByTestId('dispute-row').filter({ hasText: dealer.userName });
  await expect(row).toContainText('Wrong number');
  await expect(row).toContainText('Number belongs to someone else');
  await row.getByRole('button', { name: /^Approve dispute/ }).click();
  const decision = page.getByRole('dialog');
  await decision.getByLabel('Note to the dealer (optional)').fill('Confirmed, credit refunded');
  await decision.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toast(page, disputeMessages.approvedRefunded)).toBeVisible();
  await expect(row).toContainText('Credit refunded');

  await loginAs(page, dealer);
  await page.goto('/dealers/my-leads');
  await expect(page.getByTestId('nav-balance')).toHaveText('10 credits');
  const outcome = page.getByRole('article').first().getByTestId('dispute-outcome');
  await expect(outcome).toContainText('Problem reported (Wrong number): Approved');
  await expect(outcome).toContainText('Confirmed, credit refunded');
});
