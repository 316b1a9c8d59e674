import { expect, test } from '@playwright/test';
import { DEMO, login, toast } from './support';

test('the toast counts down, closes on timeout, and a new toast replaces the old one', async ({ page }) => {
  await login(page, DEMO.agent.identifier, DEMO.agent.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await menu.getByRole('link', { name: 'Agen' }).click();
  await expect(page.getByTestId('toast-title')).toHaveText('Akses Ditolak');
  const bar = page.getByTestId('toast-progress').getByRole('progressbar');
  const first = Number(await bar.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(first);

  await page.goto('/user/integration/whatsapp');
  await page
    .getByRole('navigation', { name: 'Menu Integrasi' })
    .getByRole('link', { name: /Messenger/ })
    .click();
  await expect(toast(page)).toHaveCount(1);
  await expect(page.getByTestId('toast-title')).toHaveText('Fitur Beta');
  await expect(toast(page)).toBeHidden({ timeout: 5000 });
});

test('the toast closes with its close button', async ({ page }) => {
  await login(page, DEMO.agent.identifier, DEMO.agent.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Agen' }).click();
  await expect(toast(page)).toBeVisible();
  await page.getByRole('button', { name: 'Tutup notifikasi' }).click();
  await expect(toast(page)).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side menu is a drawer and section menus are tabs', async ({ page }) => {
    await login(page, DEMO.owner.identifier, DEMO.owner.password);
    await expect(page).toHaveURL(/\/user\/chat$/);
    // the desktop side menu slides off screen under the sm breakpoint (still in the DOM while it does)
    await expect(page.getByRole('navigation', { name: 'Menu utama' }).first()).not.toBeInViewport();
    await page.getByRole('button', { name: 'Buka menu navigasi' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Percakapan' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Pengaturan' }).click();
    await expect(page).toHaveURL(/\/user\/setting\/profile$/);
    await expect(drawer).toBeHidden();
    await page.getByRole('tab', { name: 'Password' }).click();
    await expect(page).toHaveURL(/\/user\/setting\/password$/);
    await expect(page.getByLabel('Kata Sandi Saat Ini')).toBeVisible();
    // nothing overflows the 390 px width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('missing pictures fall back to the default image, and it loads', async ({ page }) => {
  await login(page, DEMO.owner.identifier, DEMO.owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  const avatar = page.getByTestId('user-menu-button').locator('img');
  await expect(avatar).toHaveAttribute('src', '/default-avatar.svg');
  await expect
    .poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});
