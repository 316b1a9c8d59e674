import { expect, test } from '@playwright/test';
import { signedInOwner, toast } from './support';

/**
 * Integrasi > WhatsApp against the real server and the real Baileys connector. This machine has no
 * internet, so linking must end in a clear Indonesian message instead of a spinner; the rest of the
 * card (rename with pacing, token reset, delete) works the same whatever the link state.
 */
test('adding a number on a server without internet says so; the card is renamed, its token reset, then deleted', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await signedInOwner(page, request);
  await page.goto('/user/integration/whatsapp');
  const sandboxCard = page.getByTestId('wa-card').filter({ hasText: 'Sandbox' });
  await expect(sandboxCard).toHaveAttribute('data-status', 'connected');

  await page.getByTestId('wa-add').first().click();
  const modal = page.getByTestId('wa-link-modal');
  await modal.getByTestId('wa-link-name').fill('CS Toko Batik');
  await modal.getByTestId('wa-link-submit').click();
  const error = modal.getByTestId('wa-link-error');
  await expect(error).toContainText('Server tidak dapat terhubung ke WhatsApp', { timeout: 20_000 });
  await expect(modal.getByTestId('wa-retry')).toBeVisible();
  await page.keyboard.press('Escape');

  const card = page.getByTestId('wa-card').filter({ hasText: 'CS Toko Batik' });
  await expect(card).toHaveAttribute('data-status', 'disconnected');
  await expect(card.getByTestId('wa-status')).toHaveText(/Terputus/i);
  await expect(card.getByTestId('wa-reason')).toContainText('Server tidak dapat terhubung ke WhatsApp');

  // rename, with the sending pace
  await card.getByTestId('wa-menu').click();
  await page.getByTestId('wa-rename').click();
  await page.getByTestId('wa-rename-name').fill('CS Batik Solo');
  await page.getByTestId('wa-rename-gap').fill('5');
  await page.getByTestId('wa-rename-cap').fill('100');
  await page.getByTestId('wa-rename-submit').click();
  await expect(toast(page)).toContainText('Akun berhasil diubah');
  const renamed = page.getByTestId('wa-card').filter({ hasText: 'CS Batik Solo' });
  await expect(renamed).toBeVisible();
  const accountId = await renamed.getAttribute('data-account-id');
  const stored = await request.get(`/api/account/${accountId}`, { headers: { token } });
  expect(await stored.json()).toMatchObject({
    label: { name: 'CS Batik Solo' },
    pacing: { minGapMs: 5000, hourlyCap: 100 },
  });

  // a new API token, shown once
  await renamed.getByTestId('wa-menu').click();
  await page.getByTestId('wa-reset-token').click();
  await page.getByTestId('wa-token-confirm').click();
  await expect(page.getByTestId('wa-token-value')).toHaveText(/^sapa_[\w-]{20,}$/);
  await page.keyboard.press('Escape');

  // delete: gone from the page and from the sender list
  await renamed.getByTestId('wa-menu').click();
  await page.getByTestId('wa-delete').click();
  await page.getByTestId('wa-delete-submit').click();
  await expect(toast(page)).toContainText('Akun berhasil dihapus');
  await expect(page.getByTestId('wa-card').filter({ hasText: 'CS Batik Solo' })).toHaveCount(0);
  expect((await request.get(`/api/account/${accountId}`, { headers: { token } })).status()).toBe(404);
});
