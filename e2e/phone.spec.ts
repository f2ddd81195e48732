// The dealer's phone at 360×740 (issue #42): every route of a visitor, a dealer, an owner and an Admin without sideways
// scrolling, the nav's popovers and badges inside the screen, the toast's × clear of its text, the bottom pager
// landing on the new page's first card, and an expired session that says so once and returns the member.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, demo, loginAs, SUBPIXEL, toast, phoneToken } from './support';

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 } });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Elements wider than the screen or reaching past its edges, named so a failure says which. */
async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('body *'))) {
      // Toasts slide in from the edge; their resting place has a test of its own.
      if (element.closest('.Toastify')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a scrolling region (a table's own scroller, a photo strip) overflow is by design.
      let scroller = element.parentElement;
      let scrolled = false;
      while (scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX)) {
          scrolled = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (scrolled) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).join('.')}`;
        found.push(`${name} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    return found.slice(0, 5);
  }, WIDTH);
}

async function expectFits(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  // Lazy chunks and the first answers settle the layout.
  await page.waitForLoadState('networkidle');
  expect(await overflowOf(page), route).toEqual([]);
}

function inside(box: Box | null, label: string) {
  expect(box, label).not.toBeNull();
  expect(box!.x, `${label}: left edge`).toBeGreaterThanOrEqual(-SUBPIXEL);
  expect(box!.x + box!.width, `${label}: right edge`).toBeLessThanOrEqual(WIDTH + SUBPIXEL);
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a visitor and an owner: every screen fits 360 px', async ({ page, request }) => {
  const ownerPhone = `96${String(Date.now()).slice(-8)}`;
  const submitted = await request.post('/api/leads', {
    data: {
      year: 2020,
      brand: 'hyundai',
      model: 'Creta',
      ownerType: 'first',
      transmission: 'manual',
      fuelType: 'petrol',
      seats: 5,
      kmDriven: 42_000,
      fullName: 'Narrow Screen Owner',
      city: 'Noida',
      phoneNumber: ownerPhone,
      price: 1_050_000,
      consent: true,
      verificationToken: await phoneToken(request, ownerPhone),
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const { manageUrl } = (await submitted.json()) as { manageUrl: string };
  for (const route of [
    '/dealers',
    '/dealers/leads',
    '/leads/1',
    '/lead-form',
    '/dealers/login',
    '/dealers/register',
    '/not-found',
    new URL(manageUrl, 'http://x').pathname,
  ])
    await expectFits(page, route);
});

test('a dealer: every screen fits 360 px, the popovers and badges stay inside it', async ({
  page,
}) => {
  await loginAs(page, demo.dealer);
  for (const route of [
    '/dealers/leads',
    '/dealers/leads?page=2',
    '/leads/1',
    '/dealers/my-leads',
    '/dealers/credits',
    '/dealers/orders',
    '/dealers/members/dealer',
    '/dealers/member/edit/dealer',
  ])
    await expectFits(page, route);

  await page.goto('/dealers/leads');
  for (const label of ['Notifications', 'Saved searches']) {
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    const panel = page.getByRole('dialog', { name: label });
    await expect(panel).toBeVisible();
    inside(await panel.boundingBox(), `the ${label} popover`);
    await page.keyboard.press('Escape');
  }
  for (const badge of await page.locator('nav .badge').all()) {
    if (!(await badge.isVisible())) continue;
    inside(await badge.boundingBox(), `the nav badge "${await badge.textContent()}"`);
    // Not cut by its button's box: its whole height shows.
    const clipped = await badge.evaluate((element) => {
      const box = element.getBoundingClientRect();
      let parent = element.parentElement;
      while (parent) {
        const style = getComputedStyle(parent);
        if (style.overflow !== 'visible') {
          const outer = parent.getBoundingClientRect();
          if (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5) return true;
        }
        parent = parent.parentElement;
      }
      return false;
    });
    expect(clipped, `the nav badge "${await badge.textContent()}" is cut off`).toBe(false);
  }
});

test('an Admin: every screen fits 360 px', async ({ page }) => {
  await loginAs(page, demo.admin);
  for (const route of [
    '/dealers/leads',
    '/dealers/members',
    '/dealers/members/dealer',
    '/dealers/credits/2',
    '/dealers/packages',
    '/dealers/user-packages',
    '/dealers/payments',
    '/dealers/insights',
    '/dealers/moderation',
    '/dealers/disputes',
    '/dealers/settings',
    '/dealers/audit',
    '/dealers/lead/edit/1',
    '/errors',
  ])
    await expectFits(page, route);
});

test("a toast's × does not cover its text at 360 px", async ({ page }) => {
  // A message long enough to wrap, so its first line runs to the toast's right edge where the × is.
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/members');
  const shown = toast(page, 'Access to members area is restricted to Admins only!');
  await expect(shown).toBeVisible();
  // It bounces in: measured once it stands still.
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await shown.boundingBox());
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  const close = await shown.locator('.Toastify__close-button').boundingBox();
  inside(await shown.boundingBox(), 'the toast');
  expect(close).not.toBeNull();
  // The boxes of the glyphs themselves (a padded box may reach under the ×; its letters must not).
  const lines = await shown.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.querySelector('.toast-text') ?? element);
    return Array.from(range.getClientRects()).map((r) => ({
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
    }));
  });
  expect(lines.length).toBeGreaterThan(0);
  expect(
    lines.some((line) => overlap(close!, line)),
    'the × overlaps the text',
  ).toBe(false);
});

test('the bottom pager shows the next page from its first card', async ({ page }) => {
  await page.goto('/dealers/leads');
  const list = page.getByRole('region', { name: 'Lead results' });
  await expect(list.getByRole('article')).toHaveCount(60);
  // A phone's line: the next page arrives while the page is still scrolling up.
  await page.route('**/api/leads?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await route.continue();
  });
  const bottom = page.getByRole('navigation', { name: 'Pages below the leads' });
  await bottom.scrollIntoViewIfNeeded();
  // Every frame from the click on: where the view is while page 2 is shown. A smooth scroll still under way when
  // page 2's first cards arrive is cut short by the shorter page (on a phone it stopped at card 6), even where a
  // fast machine's scroll would reach the top in the end: page 2 must never show anywhere but from the top.
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { scrollWhilePage2: seen });
    const watch = () => {
      const count = document.querySelector('[data-testid="lead-count"]')?.textContent ?? '';
      if (count.startsWith('Showing 61–120')) seen.push(Math.round(window.scrollY));
      if (seen.length < 30) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await bottom.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('lead-count')).toHaveText(/^Showing 61–120 of/);
  // Let the new cards render and any smooth scrolling end.
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { scrollWhilePage2: number[] }).scrollWhilePage2.length,
      ),
    )
    .toBe(30);
  await page.waitForTimeout(800);
  const scrolls = await page.evaluate(
    () => (window as unknown as { scrollWhilePage2: number[] }).scrollWhilePage2,
  );
  expect(
    scrolls.filter((y) => y !== 0),
    'the view was away from the top while page 2 showed',
  ).toEqual([]);
  const first = await list.getByRole('article').first().boundingBox();
  expect(first).not.toBeNull();
  expect(first!.y, 'the first card of page 2 is on screen').toBeGreaterThanOrEqual(0);
  expect(first!.y).toBeLessThan(740);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('an expired session says so once and the login returns the dealer to where they were', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, demo.dealer);
  await page.goto('/dealers');
  // The stored session's token no longer works (as after it expired).
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), {
    ...session,
    token: `${session.token.slice(0, -4)}AAAA`,
  });
  await page.goto('/dealers/my-leads?stage=contacted');
  await expect(page).toHaveURL(/\/dealers\/login\?returnTo=/);
  await expect(toast(page, 'Your session has ended. Please log in again.')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await expect(toast(page, 'You shall not pass!')).toHaveCount(0);
  await expect(toast(page, 'Authentication Error')).toHaveCount(0);

  await page.getByLabel('User name').fill(demo.dealer.userName);
  await page.getByLabel('Password').fill(demo.dealer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dealers\/my-leads\?stage=contacted$/);
  await expect(page.getByRole('heading', { name: 'My Leads' })).toBeVisible();
});

/** axe's findings that fail a screen, with the rules the issue names switched on (some are off by default). */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({
      rules: {
        'label-content-name-mismatch': { enabled: true },
        'scrollable-region-focusable': { enabled: true },
      },
    })
    .analyze();
  return violations
    .filter(
      (v) =>
        v.id === 'color-contrast' ||
        v.id === 'label-content-name-mismatch' ||
        v.id === 'scrollable-region-focusable' ||
        v.impact === 'serious' ||
        v.impact === 'critical',
    )
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('axe at 360 px: the register form with its errors, and a dealer’s nav with its badges', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto('/dealers/register');
  const form = page.getByRole('form', { name: 'Sign up' });
  for (const [label, wrong] of [
    ['Username', 'a'],
    ['Email', 'not-an-email'],
    ['Phone', '12'],
    ['Password', 'x'],
  ] as const) {
    await form.getByLabel(label, { exact: true }).fill(wrong);
    await form.getByLabel(label, { exact: true }).blur();
  }
  await expect(form.locator('.invalid-feedback').filter({ visible: true })).not.toHaveCount(0);
  expect(await axeFindings(page), 'register form with errors').toEqual([]);

  // The nav's badges show: a follow-up due today on My Leads, and an unread new-lead alert on the bell.
  const session = await apiLogin(request, demo.dealer);
  const auth = { Authorization: `Bearer ${session.token}` };
  const mine = (await (await request.get('/api/me/leads', { headers: auth })).json()) as {
    leadId: number;
  }[];
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  if (mine[0])
    expect(
      (
        await request.put(`/api/me/leads/${mine[0].leadId}`, {
          headers: auth,
          data: { followUpOn: today },
        })
      ).ok(),
    ).toBe(true);
  const saved = await request.post('/api/saved-searches', {
    headers: auth,
    data: { name: 'Badge check', filters: { city: 'Noida', model: 'Nexon' }, emailMode: 'off' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const badgePhone = `95${String(Date.now()).slice(-8)}`;
  const lead = await request.post('/api/leads', {
    data: {
      year: 2021,
      brand: 'tata',
      model: 'Nexon',
      ownerType: 'first',
      transmission: 'manual',
      fuelType: 'petrol',
      seats: 5,
      kmDriven: 20_000,
      fullName: 'Badge Owner',
      city: 'Noida',
      phoneNumber: badgePhone,
      price: 800_000,
      consent: true,
      verificationToken: await phoneToken(request, badgePhone),
    },
  });
  expect(lead.ok(), await lead.text()).toBe(true);

  await loginAs(page, demo.dealer);
  await page.goto('/dealers/my-leads');
  await expect(page.getByRole('heading', { name: /^My Leads/ })).toBeVisible();
  await expect(page.getByTestId('notification-count')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await axeFindings(page), 'My Leads with the nav badges').toEqual([]);

  // The credits screen's tables scroll in their own regions at this width: the keyboard reaches them.
  await page.goto('/dealers/credits');
  await expect(page.getByTestId('ledger')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await axeFindings(page), 'credits with its tables').toEqual([]);
});
