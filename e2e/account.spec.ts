// Sign-up to logout: a validation message, the server's refusal, success popup, login, the user menu, logout.
import { expect, test } from '@playwright/test';
import { demo, storedUser, toast } from './support';

test('a visitor signs up, logs in and logs out', async ({ page }) => {
  const userName = `e2e${Date.now().toString(36)}`;
  const password = 'Journey@2026';

  await page.goto('/dealers');
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  // A field left empty is flagged once touched.
  const userNameField = page.getByLabel('Username', { exact: true });
  await userNameField.focus();
  await page.getByLabel('Name', { exact: true }).focus();
  await expect(page.getByText('Please enter Username')).toBeVisible();
  await expect(userNameField).toHaveClass(/is-invalid/);

  // A taken user name: the server's refusal is listed in the danger alert.
  await userNameField.fill(demo.dealer.userName);
  await page.getByLabel('Name', { exact: true }).fill('Journey Tester');
  await page.getByLabel('Email').fill(`${userName}@example.in`);
  await page.getByLabel('Phone').fill('9810098100');
  await page.getByLabel('Role').selectOption('Dealer');
  await page.getByLabel('Pincode').fill('201301');
  await page.getByLabel('State').selectOption('Uttar Pradesh');
  await page.getByLabel('City').fill('Noida');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill('Mismatch@2026');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText('Password and Confirm Password must match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(password);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.locator('.alert-danger li', { hasText: 'Username is taken' })).toBeVisible();

  // Then a free name goes through.
  await userNameField.fill(userName);
  await submit.click();
  await expect(page).toHaveURL(/\/dealers\/signup-success$/);
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Registration Successful!')).toBeVisible();
  await expect(
    popup.getByText('Your account has been created successfully. We will contact you soon.'),
  ).toBeVisible();
  const whatsApp = popup.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  await expect(popup.getByRole('link', { name: 'Leads' })).toHaveAttribute(
    'href',
    '/dealers/leads',
  );
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/dealers$/);

  // Login with the new account.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill('Wrong@2026');
  await page.getByRole('button', { name: 'Login' }).click();
  const refused = toast(page, 'Invalid username or password');
  await expect(refused).toBeVisible();
  // Toasts close when tapped.
  await refused.click();
  await expect(refused).toBeHidden();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dealers\/leads$/);
  expect(await storedUser(page)).toMatchObject({ username: userName, role: 'Dealer' });

  // The user menu shows the capitalised name, 'Edit Profile' and 'Logout'.
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(userName.charAt(0).toUpperCase() + userName.slice(1))).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    `/dealers/member/edit/${userName}`,
  );
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/dealers$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test("'Register here?' on the login screen leads to sign-up", async ({ page }) => {
  await page.goto('/dealers/login');
  await page.getByRole('link', { name: 'Register here?' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
});
