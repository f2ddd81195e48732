// The product opens: the home page greets the visitor.
import { expect, test } from '@playwright/test';

test('the home page welcomes the visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/premium/i).first()).toBeVisible();
});
