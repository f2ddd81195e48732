// Admin and account tables at 360 × 740: each row is a card, so every action (Confirm/Reject, Approve/Deactivate,
// Edit, Receipt) and every column (Status, Changes) is on-screen without sideways scrolling, and axe finds no
// scrolling region a keyboard cannot reach.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  createStarterUserPackage,
  demo,
  loginAs,
  createDealer,
  phoneToken,
} from './support';

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 } });
test.describe.configure({ timeout: 180_000 });

/** Data that puts a row with actions in each queue: an open order, an open dispute and a flagged lead. */
async function fillQueues(request: APIRequestContext) {
  const dealer = await createDealer(request, 'cards');
  await createStarterUserPackage(request, dealer.id, 0);
  const session = await apiLogin(request, dealer);
  const auth = { Authorization: `Bearer ${session.token}` };

  const admin = await apiLogin(request, demo.admin);
  const packages = await request.get('/api/packages/dropdown', {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const starter = ((await packages.json()) as { id: number; packageName: string }[]).find(
    (p) => p.packageName === 'Starter 10 Leads',
  );
  const order = await request.post('/api/orders', {
    headers: auth,
    data: { packageId: starter!.id },
  });
  expect(order.ok(), await order.text()).toBe(true);

  const unlocked = await request.post('/api/leads/4/unlock', { headers: auth });
  expect(unlocked.ok(), await unlocked.text()).toBe(true);
  const dispute = await request.post('/api/leads/4/disputes', {
    headers: auth,
    data: { reason: 'wrong_number', note: 'Number belongs to someone else' },
  });
  expect(dispute.status(), await dispute.text()).toBe(201);

  // A phone submitted a third time in 30 days is held for moderation (docs/rules.md).
  const phone = `96${String(Date.now()).slice(-8)}`;
  const cars = [
    ['hyundai', 'Creta', 770_000],
    ['hyundai', 'Venue', 560_000],
    ['kia', 'Seltos', 800_000],
  ] as const;
  for (const [brand, model, price] of cars) {
    const lead = await request.post('/api/leads', {
      data: {
        year: 2020,
        brand,
        model,
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: `Cards zq${Date.now().toString(36)}`,
        city: 'Gurugram',
        phoneNumber: phone,
        price,
        consent: true,
        verificationToken: await phoneToken(request, phone),
      },
    });
    expect(lead.status(), await lead.text()).toBe(201);
  }
  return dealer;
}

/** Every button and link of the table rows lies inside the viewport's width, and the page does not scroll sideways. */
async function expectActionsOnScreen(page: Page, what: string) {
  const rows = page.locator('.table-cards tbody tr');
  await expect(rows.first(), what).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true }).filter({ visible: true })).toHaveCount(
    0,
  );
  const controls = rows.locator('button, a');
  expect(await controls.count(), `${what}: the rows have actions`).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    expect(box, `${what}: ${await control.textContent()}`).not.toBeNull();
    expect(box!.x, `${what}: ${await control.textContent()}`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: ${await control.textContent()}`).toBeLessThanOrEqual(
      WIDTH,
    );
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what}: sideways scrolling`).toBeLessThanOrEqual(0);

  const { violations } = await new AxeBuilder({ page }).include('.table-cards').analyze();
  const failing = violations
    .filter(
      (v) =>
        v.id === 'scrollable-region-focusable' || v.impact === 'serious' || v.impact === 'critical',
    )
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(failing, what).toEqual([]);
}

test('the queues and lists are cards with every action on-screen at 360 px', async ({
  page,
  request,
}) => {
  const dealer = await fillQueues(request);

  await loginAs(page, dealer);
  for (const path of ['/dealers/orders', '/dealers/credits']) {
    await page.goto(path);
    await expectActionsOnScreen(page, path);
  }

  await loginAs(page, demo.admin);
  const screens: [string, string][] = [
    ['/dealers/payments', 'Confirm'],
    ['/dealers/disputes', 'Approve'],
    ['/dealers/moderation', 'Deactivate'],
    ['/dealers/packages', 'Edit'],
    ['/dealers/user-packages', 'Edit'],
  ];
  for (const [path, action] of screens) {
    await page.goto(path);
    await expectActionsOnScreen(page, path);
    const button = page.getByRole('button', { name: new RegExp(action) }).first();
    await button.scrollIntoViewIfNeeded();
    await expect(button, `${path}: ${action}`).toBeInViewport({ ratio: 1 });
  }

  // The audit log has no buttons in its rows: its Changes column must still be on-screen.
  await page.goto('/dealers/audit');
  const changes = page.getByTestId('audit-entry').first().locator('td').last();
  await expect(changes).toBeVisible();
  const box = (await changes.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  await page.goto(`/dealers/credits/${dealer.id}`);
  await expect(page.getByTestId('ledger').locator('tbody tr').first()).toBeVisible();
  const ledgerBox = (await page.getByTestId('ledger').boundingBox())!;
  expect(ledgerBox.x + ledgerBox.width).toBeLessThanOrEqual(WIDTH);
});
