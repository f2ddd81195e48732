// Photos in the browser: the owner picks three on the wizard's photo step (previewed, the cover chosen), they upload
// once the lead exists, a dealer sees the cover on the list and the gallery on the detail (buttons and arrow keys)
// before unlocking, the owner removes one on the private page.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demo, loginAs, verifyPhoneOnForm } from './support';

/** A small JPEG of one colour with a stripe, so each photo differs. */
async function jpeg(colour: string, name: string) {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: colour },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><rect y="250" width="800" height="100" fill="#fff"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('an owner picks three photos in the wizard, they upload after the lead, a dealer sees the cover and the gallery, the owner removes one', async ({
  page,
  browser,
}) => {
  const marker = `zp${Date.now().toString(36)}`;
  await page.goto('/lead-form');
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  for (const choice of ['Hyundai', 'Creta']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next();
  }
  await page.getByLabel('Year').selectOption('2019');
  for (const choice of ['Petrol', 'Manual', '5 Seater', 'First Owner']) {
    await next();
    await page.getByRole('radio', { name: choice, exact: true }).check();
  }
  await page.getByLabel('Kilometres Driven').fill('48,000');
  await next();

  // The photo step, after the car: three from the picker, previewed here before anything is sent.
  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      await jpeg('#c0392b', 'front.jpg'),
      await jpeg('#2e86c1', 'side.jpg'),
      await jpeg('#28b463', 'inside.jpg'),
    ]);
  const chosen = page.getByTestId('chosen-photo');
  await expect(chosen).toHaveCount(3);
  await expect(chosen.first()).toContainText('Cover');
  await expect(chosen.first().getByRole('img')).toHaveAttribute('src', /^blob:/);
  // The side view becomes the cover, by keyboard.
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move photo 1 later' })).toBeFocused();
  await next();

  await page.getByLabel('Full Name').fill(`Photo Owner ${marker}`);
  await page.getByLabel('City').fill('Noida');
  const phone = `96${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Expected Price').fill('825000');
  await page.getByLabel('I agree to share my number with up to 5 verified dealers').check();
  await verifyPhoneOnForm(page, phone);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const link = await page.getByLabel('Your private link').inputValue();
  const token = new URL(link).pathname.split('/').pop()!;

  // Uploaded after the lead was made, each with its progress, in the owner's order.
  await expect(page.getByText('3 of 3 photos uploaded')).toBeVisible();
  await expect(page.getByTestId('photo-upload')).toHaveCount(3);
  const stored = (await (await page.request.get(`/api/owner/leads/${token}/photos`)).json()) as {
    thumbUrl: string;
  }[];
  expect(stored).toHaveLength(3);
  const coverSrc = stored[0]!.thumbUrl;
  expect(coverSrc).toMatch(/^\/media\/[0-9a-f]{32}-thumb\.webp$/);
  // The cover is the side view: its thumbnail's corner is the blue of side.jpg.
  const corner = await sharp(await (await page.request.get(coverSrc)).body())
    .extract({ left: 4, top: 4, width: 1, height: 1 })
    .raw()
    .toBuffer();
  expect(corner[2]!).toBeGreaterThan(corner[0]! + 60);

  // A dealer, without unlocking: the cover on the card, the gallery on the detail.
  const dealerContext = await browser.newContext();
  const dealerPage = await dealerContext.newPage();
  await loginAs(dealerPage, demo.dealer);
  // Owners' names are not searched: the newest 2019 Creta with photos is this one.
  await dealerPage.goto('/dealers/leads?brand=hyundai&model=Creta&year=2019&hasPhotos=true');
  const cover = dealerPage.getByRole('article').first().getByTestId('lead-cover');
  await expect(cover).toHaveCount(1);
  await expect(cover).toHaveAttribute('src', coverSrc!);
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expect(cover).toHaveAttribute('width', '320');
  await expect(cover).toHaveAttribute('height', '240');
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  await dealerPage
    .getByRole('link', { name: /2019 Hyundai Creta|Hyundai Creta/ })
    .first()
    .click();
  const gallery = dealerPage.getByTestId('photo-gallery');
  await expect(gallery.getByRole('img')).toHaveCount(3);
  await expect(dealerPage.getByText('Photo 1 of 3')).toBeVisible();
  await dealerPage.getByRole('button', { name: 'Next photo' }).click();
  await expect(dealerPage.getByText('Photo 2 of 3')).toBeVisible();
  await gallery.focus();
  await dealerPage.keyboard.press('ArrowRight');
  await expect(dealerPage.getByText('Photo 3 of 3')).toBeVisible();
  await expect(dealerPage.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  await dealerPage.keyboard.press('ArrowLeft');
  await expect(dealerPage.getByText('Photo 2 of 3')).toBeVisible();

  // The owner removes the second photo on the private page (the thank-you screen's link); the dealer's gallery has two.
  await page.getByRole('link', { name: 'Open your private page' }).click();
  await expect(page).toHaveURL(new URL(link).pathname);
  await expect(page.getByTestId('owner-photo')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(page.getByTestId('owner-photo')).toHaveCount(2);
  await dealerPage.reload();
  await expect(dealerPage.getByTestId('photo-gallery').getByRole('img')).toHaveCount(2);
  await expect(dealerPage.getByText('Photo 1 of 2')).toBeVisible();
  await dealerContext.close();
});
