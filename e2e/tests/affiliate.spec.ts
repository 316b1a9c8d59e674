import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { newOwner, registerViaApi, signedInOwner } from './support';

/** The affiliate page (issue 22 part 7): the owner's referral link, who came through it, withdrawals. */
test('the referral link to copy, who registered through it, and no withdrawal below the minimum', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token } = await signedInOwner(page, request);
  const me = (await (await request.get('/api/user', { headers: { token } })).json()) as {
    referralCode: string;
  };
  await registerViaApi(request, newOwner(), me.referralCode);

  await page.goto('/user/affiliate');
  const link = page.getByTestId('referral-link');
  await expect(link).toHaveValue(new RegExp(`/register\\?r=${me.referralCode}$`));
  await expect(page.getByTestId('figure-registered')).toHaveText('1');
  await expect(page.getByTestId('figure-paying')).toHaveText('0');
  await expect(page.getByTestId('figure-balance')).toHaveText('Rp 0');
  await expect(page.getByTestId('withdrawals-empty')).toBeVisible();
  await expect(page.getByTestId('withdrawal-open')).toBeDisabled();

  await page.getByRole('button', { name: 'Salin tautan referral' }).click();
  await expect(page.getByRole('button', { name: 'Tautan tersalin' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="affiliate-page"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('affiliate.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('affiliate-390.png'), fullPage: true });

  // the link opens the registration page
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(await link.inputValue());
  await expect(visitor).toHaveURL(/\/register\?r=/);
  await visitor.close();
});
