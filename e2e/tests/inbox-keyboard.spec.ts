import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { customerSays, signedInOwner } from './support';

/**
 * Issue 21 parts 5 and 6: a search finds a message on an old page and opens the chat at it; the
 * whole loop (find a chat, open it, reply, resolve) with the keyboard alone; the '?' sheet passes axe.
 */

const GATED = new Set(['serious', 'critical']);
const SHOTS = process.env.E2E_SHOTS ?? '';

/** axe on part of the page: no serious or critical finding. */
async function expectAccessible(page: Page, selector: string, what: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const found = violations
    .filter((v) => GATED.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' > ')}: ${v.help}`));
  expect(found, `axe on ${what}`).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('a search for a word in an old message opens the chat at that message, marked', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  const phone = '6281277700001';
  await customerSays(request, accountId, 'Kak, nomor resi saya JNE778899 belum bergerak', phone, 'Dewi Lama');
  // enough later messages that the old one is two pages back (20 a page)
  for (let i = 1; i <= 45; i++)
    await customerSays(request, accountId, `pesan lanjutan ${i}`, phone, 'Dewi Lama');
  await customerSays(request, accountId, 'Halo, saya mau tanya ongkir', '6281277700002', 'Bima Baru');

  const search = page.getByTestId('chat-search-input');
  await search.fill('jne778899');
  await search.press('Enter');
  const row = page.getByTestId('chat-row').filter({ hasText: 'Dewi Lama' });
  await expect(page.getByTestId('chat-row')).toHaveCount(1);
  const hit = row.getByTestId('chat-row-hit');
  await expect(hit).toContainText('nomor resi saya JNE778899 belum bergerak');
  await expect(hit.locator('mark')).toHaveText('JNE778899');
  await expectAccessible(page, '.sapa-inbox-list', 'the search results');
  await shot(page, 'search-hit');

  await row.click();
  const target = page.getByTestId('message-bubble').filter({ hasText: 'JNE778899' });
  await expect(target).toBeInViewport();
  await expect(target).toHaveAttribute('data-highlighted', 'true');
  await shot(page, 'search-jump');
});

test('the whole loop with the keyboard alone: find a chat, open it, reply, resolve', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  await customerSays(request, accountId, 'Pesanan saya kapan dikirim?', '6281277710001', 'Sinta Keyboard');
  await customerSays(request, accountId, 'Ada warna merah?', '6281277710002', 'Rudi Keyboard');
  await customerSays(request, accountId, 'Terima kasih kak', '6281277710003', 'Lina Keyboard');
  await page.reload();
  await expect(page.getByTestId('chat-row')).toHaveCount(3);
  await expect(page).toHaveTitle('(3) Sapa');

  // the first Tab reaches the skip link; it jumps to the list's one Tab stop
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Lewati ke daftar percakapan' });
  await expect(skip).toBeFocused();
  await shot(page, 'skip-link');
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('chat-row');
  await expect(rows.nth(0)).toBeFocused();
  await expect(rows.nth(0)).toContainText('Lina Keyboard');
  // one Tab stop: only the active row is tabbable
  await expect(page.locator('[data-testid="chat-row"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toBeFocused();

  // '?' lists the shortcuts (the team's too); axe finds nothing serious; Escape closes only the sheet
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Pintasan Keyboard' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Selesaikan atau buka kembali percakapan');
  await expectAccessible(page, '.mantine-Modal-content', "the '?' sheet");
  await shot(page, 'shortcut-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Ctrl+K goes to the search; the chat is found and reached with Tab
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('chat-search-input')).toBeFocused();
  await page.keyboard.type('Sinta');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  const sinta = rows.filter({ hasText: 'Sinta Keyboard' });
  for (let i = 0; i < 15; i++) {
    if (await sinta.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(sinta).toBeFocused();

  // Enter opens it and the composer takes the focus; Escape closes it and the row has the focus again
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await expect(composer).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/user\/chat$/);
  await expect(sinta).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(composer).toBeFocused();
  await page.keyboard.type('Besok dikirim ya kak');
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: 'Besok dikirim ya kak' }),
  ).toHaveAttribute('data-mine', 'true');
  await shot(page, 'keyboard-reply');

  // W1's team shortcut resolves the open chat
  await page.keyboard.press('Alt+r');
  await expect(page.getByRole('button', { name: /Buka Kembali/ })).toBeVisible();
  await shot(page, 'keyboard-resolved');
});

test("a failed reply offers 'Kirim ulang' and 'Hapus'; links open safely; on a phone-sized screen too", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const { accountId, token } = await signedInOwner(page, request);
  // a chat started from a number, no name known
  const started = await request.post('/api/chat/new', {
    data: {
      accountId,
      phoneNumber: '6281277720001',
      text: 'Katalog ada di https://toko.contoh.id/katalog ya kak',
    },
    headers: { token },
  });
  expect(started.status()).toBe(200);
  const row = page.getByTestId('chat-row');
  // a chat from a number without a name shows the number, formatted
  await expect(row.getByTestId('chat-row-name')).toHaveText('+62 812-7772-0001');
  await shot(page, 'narrow-list');
  await row.click();
  const link = page.getByTestId('message-link');
  await expect(link).toHaveAttribute('href', 'https://toko.contoh.id/katalog');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Balasan ini #gagal');
  await composer.press('Enter');
  const failed = page.getByTestId('message-bubble').filter({ hasText: 'Balasan ini #gagal' });
  await expect(failed).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
  await shot(page, 'narrow-failed');
  await page.getByRole('button', { name: 'Kirim ulang' }).click();
  // sent again, and the channel refuses it again
  await expect(failed).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Hapus' }).click();
  await expect(failed).toHaveCount(0);
  await page.getByLabel('Kembali ke daftar percakapan').click();
  await expect(row.getByTestId('chat-row-preview')).toContainText('Katalog ada di');

  // the start-chat form explains the leading 0
  await page.getByTestId('start-chat-button').click();
  await expect(page.getByText('Tanpa 0 di depan; kode negara dipilih di sebelah kiri')).toBeVisible();
  await shot(page, 'narrow-start-chat');
});
