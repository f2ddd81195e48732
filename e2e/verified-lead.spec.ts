// Verified numbers in the browser (docs/phone-verification.md): the e2e server runs PHONE_VERIFICATION=required (the
// default), so a lead without proof is refused; an owner on a phone asks for the code, a wrong one is refused on the
// form, the resend waits with a visible countdown, and the SMS's code (read from DATA_DIR/sms-outbox) lets the car in.
import { expect, test } from '@playwright/test';
import { smsCode, smsCount } from './support';

test.use({ viewport: { width: 360, height: 740 } });

const car = {
  year: 2019,
  brand: 'hyundai',
  model: 'Creta',
  ownerType: 'first',
  transmission: 'manual',
  fuelType: 'petrol',
  seats: 5,
  kmDriven: 48_000,
  city: 'Noida',
  price: 790_000,
  consent: true,
};

test('the API refuses a lead whose number was not proven, and stores nothing', async ({
  request,
}) => {
  const phone = `93${String(Date.now()).slice(-8)}`;
  const refused = await request.post('/api/leads', {
    data: { ...car, fullName: 'Unproven Owner', phoneNumber: phone },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ message: 'Please verify your mobile number.' });
  const forged = await request.post('/api/leads', {
    data: {
      ...car,
      fullName: 'Forging Owner',
      phoneNumber: phone,
      verificationToken: `${phone}.9999999999.${'a'.repeat(43)}`,
    },
  });
  expect(forged.status()).toBe(400);
});

test('an owner proves the number by the SMS code: a wrong code is refused, the resend counts down, then the car is in', async ({
  page,
}) => {
  const phone = `94${String(Date.now()).slice(-8)}`;
  const marker = `zv${Date.now().toString(36)}`;
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
  // No photos.
  await next();
  await page.getByLabel('Full Name').fill(`Verified Owner ${marker}`);
  await page.getByLabel('City').fill('Noida');
  await page.getByLabel('Expected Price').fill('790000');
  await page.getByLabel('I agree to share my number with up to 5 verified dealers').check();
  const submit = page.getByRole('button', { name: 'Submit' });
  const sendCode = page.getByRole('button', { name: 'Send code' });
  await expect(sendCode).toBeDisabled();
  await page.getByLabel('Phone Number').fill(phone);
  await expect(submit).toBeDisabled();

  const seen = smsCount(phone);
  await sendCode.click();
  await expect(
    page.getByText(`We sent a 6-digit code by SMS to +91 ${phone.slice(0, 5)} ${phone.slice(5)}.`),
  ).toBeVisible();
  const code = await smsCode(phone, seen);
  const field = page.getByLabel('6-digit code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel('Phone Number')).not.toBeEditable();

  // Another code only after the API's 30 seconds, counted down where the owner sees it.
  const resend = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
  await expect(resend).toBeVisible();
  await expect(resend).toBeDisabled();
  const secondsLeft = async () => Number(/(\d+) s$/.exec((await resend.textContent()) ?? '')![1]);
  const first = await secondsLeft();
  expect(first).toBeGreaterThan(20);
  expect(first).toBeLessThanOrEqual(30);
  await expect.poll(secondsLeft, { timeout: 5000 }).toBeLessThan(first);

  // A wrong code: the API's words on the form, and no submission.
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
  await field.fill(wrong);
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check the SMS and try again.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();

  await field.fill(code);
  await expect(page.getByText('Number verified')).toBeVisible();
  await expect(submit).toBeEnabled();
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST',
  );
  await submit.click();
  const response = await answered;
  const body = response.request().postDataJSON() as {
    verificationToken?: string;
    fillSeconds?: number;
  };
  expect(body.verificationToken).toMatch(new RegExp(`^${phone}\\.\\d+\\.[\\w-]{43}$`));
  expect(body.fillSeconds).toBeGreaterThan(0);
  // The lead is stored as proven.
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ phoneVerified: true });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(`ending in ${phone.slice(-3)}`)).toBeVisible();
});
