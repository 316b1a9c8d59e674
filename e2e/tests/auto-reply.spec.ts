import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { customerSays, signedInOwner, toast } from './support';

/**
 * Balasan Otomatis (issue 21 part 8) against the real server. The e2e server runs on the real clock
 * (there is no test clock to inject), so the owner opens one day only - a day that is not today in
 * Jakarta - which puts "now" outside the business hours, as a moved clock would.
 */

const GATED = new Set(['serious', 'critical']);
const DAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

async function expectAccessible(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter((v) => GATED.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' > ')}: ${v.help}`));
  expect.soft(found, `axe on ${screen}: serious or critical violations`).toEqual([]);
}

test('the owner sets hours and an away message; outside hours the customer gets it exactly once', async ({
  page,
  request,
}) => {
  test.slow();
  const { token, accountId } = await signedInOwner(page, request);

  await page.goto('/user/integration/whatsapp');
  const card = page.getByTestId('wa-card').filter({ hasText: 'Sandbox' });
  await card.getByTestId('wa-menu').click();
  await page.getByTestId('wa-auto-reply').click();
  await expect(page).toHaveURL(new RegExp(`/user/integration/whatsapp/${accountId}/auto-reply$`));
  await expect(page.getByRole('heading', { name: 'Balasan Otomatis' })).toBeVisible();
  await expect(page.getByTestId('auto-reply-form')).toBeVisible();
  await expectAccessible(page, 'Balasan Otomatis');

  // one open day, three days from today in Jakarta: now is outside hours
  const todayJakarta = new Date(Date.now() + 7 * 3600_000).getUTCDay();
  const openDay = DAYS[(todayJakarta + 3) % 7]!;
  await page.getByLabel(`Buka pada hari ${openDay}`).check();
  await page.getByLabel(`Jam buka hari ${openDay}`).fill('09:00');
  await page.getByLabel(`Jam tutup hari ${openDay}`).fill('17:00');

  // enabled without text: refused on its field, nothing saved
  await page.getByText('Kirim pesan di luar jam kerja', { exact: true }).click();
  await expect(page.getByTestId('auto-reply-away-switch')).toBeChecked();
  await page.getByTestId('auto-reply-save').click();
  await expect(page.getByText('Pesan di luar jam kerja wajib diisi jika diaktifkan')).toBeVisible();
  const before = await request.get(`/api/account/${accountId}/auto-reply`, { headers: { token } });
  expect(((await before.json()) as { awayEnabled: boolean }).awayEnabled).toBe(false);

  const away = 'Terima kasih, kami sedang di luar jam kerja. Kami balas besok ya.';
  await page.getByTestId('auto-reply-away-text').fill(away);
  await expect(page.getByTestId('auto-reply-preview-away')).toContainText(away);
  await page.getByTestId('auto-reply-save').click();
  await expect(toast(page)).toContainText('Balasan otomatis berhasil disimpan');
  await expect(page.getByTestId('auto-reply-now')).toHaveText('Saat ini di luar jam kerja');
  await page.screenshot({ path: test.info().outputPath('auto-reply-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('auto-reply-390.png'), fullPage: true });
  await expectAccessible(page, 'Balasan Otomatis at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // the customer writes twice outside hours
  const { chatId } = await customerSays(request, accountId, 'Halo, masih buka?', '6281299887766', 'Dina');
  await customerSays(request, accountId, 'Halo??', '6281299887766', 'Dina');

  await page.goto(`/user/chat/${chatId}`);
  const bubbles = page.getByTestId('message-bubble').filter({ hasText: away });
  await expect(bubbles).toHaveCount(1);
  await expect(bubbles.getByTestId('auto-reply-label')).toHaveText('Balasan otomatis');
  await page.screenshot({ path: test.info().outputPath('auto-reply-chat.png') });

  // sent through the send job like any reply, once
  await expect
    .poll(async () => {
      const res = await request.get(`/api/chat/${chatId}/message?limit=50`, { headers: { token } });
      const docs = ((await res.json()) as { docs: { kind: string; status: string }[] }).docs;
      return docs.filter((m) => m.kind === 'auto').map((m) => m.status);
    })
    .toEqual([expect.stringMatching(/^(sent|unread|read)$/)]);

  // and the simulated customer's phone shows it once
  const phone = await request.get('/api/sandbox/conversation', {
    headers: { token },
    params: { accountId, phoneNumber: '6281299887766' },
  });
  expect(phone.status()).toBe(200);
  const seen = ((await phone.json()) as { messages: { text: string; isFromMe: boolean }[] }).messages;
  expect(seen.filter((m) => m.isFromMe && m.text === away)).toHaveLength(1);
});
