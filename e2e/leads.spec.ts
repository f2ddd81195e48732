// Lead list and detail as a visitor: paging forward and back, brand then model filters in the URL, several cities and an order, a masked detail, the lock's popup.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SUBPIXEL } from './support';

function results(page: Page) {
  return page.getByRole('region', { name: 'Lead results' });
}

/** The cards' titles once the list has settled (no request in flight). */
async function settledTitles(page: Page): Promise<string[]> {
  const list = results(page);
  if ((await list.getAttribute('aria-busy')) !== 'false') return [];
  return list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

async function firstLeadId(list: Locator): Promise<string | null> {
  return list.getByRole('article').first().getAttribute('data-lead-id');
}

test('a visitor pages through the leads, forward and back', async ({ page }) => {
  await page.goto('/dealers/leads');
  const list = results(page);
  await expect(list.getByRole('article')).toHaveCount(60);
  const count = page.getByTestId('lead-count');
  await expect(count).toHaveText(/^Showing 1–60 of [\d,]+ leads$/);
  // The seed's active leads (other journeys may add some): read the total, then check the pages against it.
  const totalText = /of ([\d,]+) leads/.exec((await count.textContent()) ?? '')?.[1] ?? '';
  const total = Number(totalText.replace(/,/g, ''));
  expect(total).toBeGreaterThan(4000);
  const lastPage = Math.ceil(total / 60);
  const group = (n: number) => n.toLocaleString('en-IN');

  const top = page.getByRole('navigation', { name: 'Pages above the leads' });
  await expect(top).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages below the leads' })).toBeVisible();
  await expect(top.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(6);
  const firstOnPage1 = await firstLeadId(list);

  await top.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/dealers\/leads\?page=2$/);
  await expect(count).toHaveText(`Showing 61–120 of ${totalText} leads`);
  await expect(top.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const firstOnPage2 = await firstLeadId(list);
  expect(firstOnPage2).not.toBe(firstOnPage1);

  await page
    .getByRole('navigation', { name: 'Pages below the leads' })
    .getByRole('button', { name: 'Last page' })
    .click();
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  await expect(count).toHaveText(
    `Showing ${group((lastPage - 1) * 60 + 1)}–${totalText} of ${totalText} leads`,
  );
  await expect(list.getByRole('article')).toHaveCount(total - (lastPage - 1) * 60);

  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect(count).toHaveText(`Showing 61–120 of ${totalText} leads`);
  await page.goBack();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
  await expect(count).toHaveText(`Showing 1–60 of ${totalText} leads`);
  await expect.poll(() => firstLeadId(list)).toBe(firstOnPage1);
  await page.goForward();
  await expect(count).toHaveText(`Showing 61–120 of ${totalText} leads`);
  await expect.poll(() => firstLeadId(list)).toBe(firstOnPage2);
});

test('a visitor filters by brand then model: the URL says so and every card matches', async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  await expect(results(page).getByRole('article')).toHaveCount(60);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  expect(Math.abs((await panel.boundingBox())!.width - 250)).toBeLessThan(SUBPIXEL);

  await panel.getByLabel('Brand').selectOption({ label: 'Maruti Suzuki' });
  await expect(page).toHaveURL(/\/dealers\/leads\?brand=maruti_suzuki$/);
  await expect
    .poll(async () => {
      const titles = await settledTitles(page);
      return titles.length > 0 && titles.every((t) => t.startsWith('Maruti Suzuki '));
    })
    .toBe(true);

  await panel.getByLabel('Model').selectOption('Swift');
  await expect(page).toHaveURL(/\/dealers\/leads\?brand=maruti_suzuki&model=Swift$/);
  await expect
    .poll(async () => {
      const titles = await settledTitles(page);
      return titles.length > 0 && titles.every((t) => t === 'Maruti Suzuki Swift');
    })
    .toBe(true);
  const swiftCount = await page.getByTestId('lead-count').textContent();
  await page.getByRole('button', { name: 'Close filters' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(
    'Brand: Maruti Suzuki',
  );

  // The filtered view is a link: a reload (or a shared URL) shows the same leads.
  await page.reload();
  await expect(page.getByTestId('lead-count')).toHaveText(swiftCount ?? '');
  const titles = await results(page)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  expect(new Set(titles)).toEqual(new Set(['Maruti Suzuki Swift']));

  // Back undoes the model, then the brand.
  await page.goBack();
  await expect(page).toHaveURL(/\?brand=maruti_suzuki$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
});

test('a visitor opens a lead: three cards, the phone masked, and back to the list', async ({
  page,
}) => {
  await page.goto('/dealers/leads?fuel=diesel');
  const first = results(page).getByRole('article').first();
  await expect(first).toBeVisible();
  const id = await first.getAttribute('data-lead-id');
  const title = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/leads/${id}$`));
  await expect(page.getByRole('heading', { name: 'Lead Details' })).toBeVisible();
  for (const card of ['Lead Information', 'Car Specifications', /^About the /])
    await expect(page.getByRole('region', { name: card })).toBeVisible();
  await expect(page.getByTestId('lead-phone')).toHaveText(/^X{7}\d{3}$/);
  const info = page.getByRole('region', { name: 'Lead Information' });
  await expect(info.getByText(/^(Active|Inactive)$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Car Specifications' })).toContainText('Diesel');

  // Only what the catalogue knows of the model: no invented engine figures.
  const facts = page.getByRole('region', { name: /^About the / });
  await expect(facts.getByText('Sold in India')).toBeVisible();
  await expect(facts).not.toContainText('Demo content');

  await page.getByRole('link', { name: 'Back to Leads' }).last().click();
  await expect(page).toHaveURL(/\/dealers\/leads\?fuel=diesel$/);
});

test("an invalid lead id says 'Invalid lead ID' and returns to the list", async ({ page }) => {
  await page.goto('/leads/abc');
  await expect(page.locator('.Toastify__toast', { hasText: 'Invalid lead ID' })).toBeVisible();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
  await page.goto('/leads/999999');
  await expect(page.locator('.Toastify__toast', { hasText: 'Lead not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
});

test("a visitor's click on a lock opens the price list; closing it leads to the login page", async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  const first = results(page).getByRole('article').first();
  await expect(first.getByRole('link', { name: /WhatsApp|Call/ })).toHaveCount(0);
  await first.getByRole('button', { name: 'Unlock contact' }).click();
  const popup = page.getByRole('dialog', { name: 'Buy a Package' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Pro 50 Leads')).toBeVisible();
  await expect(popup).toContainText('₹3,999');
  await expect(popup.getByText('Festive 25 Leads (retired)')).toHaveCount(0);
  await expect(popup.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dealers\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('cards stack one per row with no sideways scrolling', async ({ page }) => {
    await page.goto('/dealers/leads');
    const cards = results(page).getByRole('article');
    await expect(cards).toHaveCount(60);
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a && b && b.y > a.y + a.height - 1).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('three cards share a row on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dealers/leads');
  const cards = results(page).getByRole('article');
  await expect(cards).toHaveCount(60);
  const tops = await cards.evaluateAll((els) =>
    els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().top)),
  );
  expect(tops[0]).toBe(tops[1]);
  expect(tops[1]).toBe(tops[2]);
  expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
});

test('a visitor picks two cities and the cheapest first: the URL says so and the cards follow the API', async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  await expect(results(page).getByRole('article')).toHaveCount(60);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  const cities = panel.getByRole('group', { name: 'City' });
  // Each box follows the URL, which the click changes: checked once the list's state says so.
  for (const city of ['Noida', 'Gurugram']) {
    await cities.getByLabel(city, { exact: true }).click();
    await expect(cities.getByLabel(city, { exact: true })).toBeChecked();
  }
  await panel.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/city=Gurugram%2CNoida/);
  await expect(page).toHaveURL(/sort=price_asc/);

  const api = await page.request.get('/api/leads?city=Noida,Gurugram&sort=price_asc&pageSize=60');
  const leads = (await api.json()) as { id: number; city: string; price: number }[];
  expect(leads.length).toBeGreaterThan(1);
  expect(leads.every((l) => l.city === 'Noida' || l.city === 'Gurugram')).toBe(true);
  expect(leads.map((l) => l.price)).toEqual([...leads.map((l) => l.price)].sort((a, b) => a - b));
  await expect
    .poll(async () =>
      (await settledTitles(page)).length > 0
        ? results(page)
            .getByRole('article')
            .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-lead-id'))))
        : [],
    )
    .toEqual(leads.map((l) => l.id));
});

test('a visitor keeps verified numbers only: the list narrows, every card has the badge, the URL says so', async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  const list = results(page);
  await expect(list.getByRole('article')).toHaveCount(60);
  const count = page.getByTestId('lead-count');
  await expect(count).toHaveText(/^Showing 1–60 of [\d,]+ leads$/);
  const totalOf = async () =>
    Number(
      (/of ([\d,]+) leads/.exec((await count.textContent()) ?? '')?.[1] ?? '').replace(/,/g, ''),
    );
  const everyLead = await totalOf();
  // The demo proves most numbers, not all: both kinds are on the first page.
  const badges = list.getByTestId('verified-badge');
  await expect(badges.first()).toBeVisible();
  await expect(badges.first()).toHaveAttribute('title', 'Mobile number verified by OTP');
  expect(await badges.count()).toBeLessThan(60);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  // The switch follows the URL, which the click changes: on once the list's state says so.
  const verifiedOnly = panel.getByRole('switch', { name: 'Verified numbers only' });
  await verifiedOnly.click();
  await expect(verifiedOnly).toBeChecked();
  await expect(page).toHaveURL(/verified=true/);
  await expect
    .poll(async () => ((await settledTitles(page)).length > 0 ? totalOf() : everyLead))
    .toBeLessThan(everyLead);
  const verifiedLeads = await totalOf();
  expect(verifiedLeads).toBeGreaterThan(everyLead / 2);
  await expect(list.getByRole('article')).toHaveCount(60);
  await expect(badges).toHaveCount(60);
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByText('Verified numbers only'),
  ).toBeVisible();

  // The detail of a verified lead shows the badge beside the still masked number.
  await page.keyboard.press('Escape');
  await list.getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByTestId('lead-phone')).toHaveText(/^X{7}\d{3}$/);
  await expect(page.getByTestId('verified-badge')).toBeVisible();
});
