// My Leads in the browser: unlock a lead, find it in My Leads, work it (stage, note, follow-up), and
// download the CSV with ₹ intact.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { todayInIndia } from '@dealerleads/shared';
import { demo, loginAs } from './support';

test('unlock → My Leads shows it → stage, note, follow-up → CSV with ₹ intact', async ({
  page,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  const locked = page
    .getByRole('region', { name: 'Lead results' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Unlock contact' }) })
    .first();
  const id = await locked.getAttribute('data-lead-id');
  await locked.getByRole('button', { name: 'Unlock contact' }).click();
  await expect(
    page.locator(`[data-lead-id="${id}"]`).getByRole('link', { name: /^Call \+91 \d{10}$/ }),
  ).toBeVisible();
  const lead = (await (await page.request.get(`/api/leads/${id}`)).json()) as {
    fullName: string;
    year: number;
    model: string;
  };

  await page.goto('/dealers/my-leads');
  await expect(page.getByRole('heading', { name: /^My Leads/ })).toBeVisible();
  const card = page.getByRole('article').first();
  // Read without the dealer's session: the owner's first name and initial ('Ravi T.'); My Leads shows the full name.
  const firstName = lead.fullName.split(' ')[0]!;
  await expect(card).toHaveAccessibleName(
    new RegExp(`^${lead.year} .*${lead.model}, ${firstName}( |$)`),
  );
  await expect(card.getByRole('link', { name: /^Call \+91 \d{10}$/ })).toHaveAttribute(
    'href',
    /^tel:\+91\d{10}$/,
  );
  const whatsapp = await card.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href');
  expect(new URL(whatsapp ?? '').searchParams.get('text')).toMatch(
    new RegExp(`^Hi, I'm calling about your ${lead.year} .*${lead.model} listed on DealerLeads…$`),
  );

  const saved = () =>
    page.waitForResponse(
      (r) => r.url().includes('/api/me/leads/') && r.request().method() !== 'GET',
    );
  let response = saved();
  await card.getByLabel('Stage').selectOption('contacted');
  expect((await response).status()).toBe(200);

  response = saved();
  await card.getByLabel('Follow-up', { exact: true }).fill(todayInIndia());
  expect((await response).status()).toBe(200);
  await expect(card.getByText('Due today')).toBeVisible();
  await expect(page.getByTestId('follow-up-badge')).toHaveText('1');

  await card.getByRole('button', { name: 'Notes' }).click();
  await card.getByLabel('New note').fill('Owner expects ₹5,50,000; inspection Saturday');
  await card.getByRole('button', { name: 'Add note' }).click();
  await expect(card.getByRole('list', { name: 'Notes' })).toContainText('Owner expects ₹5,50,000');
  await expect(card.getByTestId('last-note')).toHaveText(/Owner expects ₹5,50,000/);

  // A reload keeps every change: the server holds them.
  await page.reload();
  await expect(page.getByRole('article').first().getByLabel('Stage')).toHaveValue('contacted');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('Price (₹)');
  expect(text).toContain('Owner expects ₹5,50,000; inspection Saturday');
  expect(text).toContain(firstName);
  expect(text).toContain('contacted');
});
