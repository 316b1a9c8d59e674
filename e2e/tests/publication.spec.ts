import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { customerSays, signedInOwner } from './support';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

/** A contact group of the owner made through the API, with its contacts. */
async function groupWith(
  request: APIRequestContext,
  token: string,
  name: string,
  contacts: { name: string; phoneNumber: string }[],
) {
  const res = await request.post('/api/group', { data: { name }, headers: { token } });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { _id: string })._id;
  expect(
    (await request.post(`/api/group/${id}/contact`, { data: { contacts }, headers: { token } })).status(),
  ).toBe(201);
  return id;
}

/** Picks the first option of a Mantine (Multi)Select, or the one named. */
async function pick(page: Page, testId: string, option?: string) {
  await page.getByTestId(testId).click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
  await page.keyboard.press('Escape');
}

test('an owner broadcasts an image with a variable to a group, watches it finish, and a reply threads in the inbox', async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const { token, accountId } = await signedInOwner(page, request);
  await groupWith(request, token, 'Pelanggan Promo', [
    { name: 'Rina Pembeli', phoneNumber: '081270000001' },
    { name: 'Yoga Pembeli', phoneNumber: '081270000002' },
  ]);

  await page.goto('/user/publication');
  await expect(page).toHaveURL(/\/user\/publication\/broadcast$/);
  await page.getByTestId('broadcast-create').click();
  await expect(page).toHaveURL(/\/user\/publication\/broadcast\/form$/);
  await page.getByTestId('broadcast-name-input').fill('Promo Gajian');
  await pick(page, 'broadcast-senders');
  await pick(page, 'broadcast-groups', 'Pelanggan Promo');
  await expect(page.getByTestId('summary-recipients')).toContainText('2');
  await pick(page, 'broadcast-type', 'Gambar');
  await page.getByTestId('broadcast-file-input').setInputFiles(fixture('foto-produk.png'));
  await expect(page.getByTestId('broadcast-file-preview')).toBeVisible();
  await page.getByTestId('broadcast-text').fill('Halo ');
  await page.getByTestId('variable-chip').filter({ hasText: 'nama' }).first().click();
  await page.getByTestId('broadcast-text').press('End');
  await page.getByTestId('broadcast-text').pressSequentially(', diskon gajian 25% hari ini!');
  await expect(page.getByTestId('broadcast-text')).toHaveValue('Halo {{nama}}, diskon gajian 25% hari ini!');
  await page.getByTestId('broadcast-submit').click();

  // the detail page: 'Berjalan' then 'Selesai' with the counts, live
  await expect(page).toHaveURL(/\/user\/publication\/broadcast\/[\w-]+$/);
  await expect(page.getByTestId('broadcast-state').first()).toHaveText(/Berjalan|Selesai/);
  await expect(page.getByTestId('broadcast-state').first()).toHaveText('Selesai', { timeout: 30_000 });
  await expect(page.getByTestId('stat-sent')).toContainText('2');
  await expect(page.getByTestId('recipient-row')).toHaveCount(2);

  // each customer got it, with their own name, in the simulator
  const sim = await context.newPage();
  await sim.goto(
    `/sandbox?accountId=${accountId}&phoneNumber=6281270000001&name=${encodeURIComponent('Rina Pembeli')}`,
  );
  await expect(
    sim.getByTestId('sandbox-message').filter({ hasText: 'Halo Rina Pembeli, diskon gajian 25% hari ini!' }),
  ).toBeVisible();
  await sim.goto(
    `/sandbox?accountId=${accountId}&phoneNumber=6281270000002&name=${encodeURIComponent('Yoga Pembeli')}`,
  );
  await expect(
    sim.getByTestId('sandbox-message').filter({ hasText: 'Halo Yoga Pembeli, diskon gajian 25% hari ini!' }),
  ).toBeVisible();

  // Rina answers: the reply threads under the broadcast message in her chat, and counts as replied
  await customerSays(request, accountId, 'Mau kak, ukuran M ada?', '6281270000001', 'Rina Pembeli');
  await expect(page.getByTestId('stat-replied')).toContainText('1');
  await page.goto('/user/chat');
  await page.getByTestId('chat-row').filter({ hasText: 'Rina Pembeli' }).click();
  const bubbles = page.getByTestId('message-bubble');
  await expect(bubbles.filter({ hasText: 'Halo Rina Pembeli, diskon gajian' })).toHaveAttribute(
    'data-mine',
    'true',
  );
  await expect(bubbles.filter({ hasText: 'Mau kak, ukuran M ada?' })).toHaveAttribute('data-mine', 'false');

  // the list shows it as finished with its counts
  await page.goto('/user/publication/broadcast');
  const row = page.getByTestId('broadcast-row').filter({ hasText: 'Promo Gajian' });
  await expect(row.getByTestId('broadcast-state')).toHaveText('Selesai');
  await expect(row.getByTestId('count-sent')).toContainText('2');
});

test("an owner pauses and resumes a broadcast, and schedules one that waits as 'Dijadwalkan'", async ({
  page,
  request,
}) => {
  test.slow();
  await signedInOwner(page, request);
  const numbers = Array.from({ length: 12 }, (_, i) => `08127100${String(i + 1).padStart(4, '0')}`).join(
    '\n',
  );

  await page.goto('/user/publication/broadcast/form');
  await page.getByTestId('broadcast-name-input').fill('Info Stok');
  await pick(page, 'broadcast-senders');
  await page.getByTestId('broadcast-numbers').fill(numbers);
  await expect(page.getByTestId('summary-recipients')).toContainText('12');
  await page.getByTestId('broadcast-text').fill('Stok baru sudah datang, kak.');
  await page.getByTestId('broadcast-submit').click();
  await expect(page).toHaveURL(/\/user\/publication\/broadcast\/[\w-]+$/);

  await page.getByTestId('broadcast-pause').click();
  await expect(page.getByTestId('broadcast-state').first()).toHaveText('Dijeda');
  const sentWhenPaused = Number((await page.getByTestId('stat-sent').innerText()).replace(/\D/g, '') || '0');
  expect(sentWhenPaused).toBeLessThan(12);
  await page.getByTestId('broadcast-resume').click();
  await expect(page.getByTestId('broadcast-state').first()).toHaveText(/Berjalan|Selesai/);
  await expect(page.getByTestId('broadcast-state').first()).toHaveText('Selesai', { timeout: 45_000 });
  await expect(page.getByTestId('stat-sent')).toContainText('12');

  // a scheduled one
  await page.goto('/user/publication/broadcast/form');
  await page.getByTestId('broadcast-name-input').fill('Promo Besok');
  await pick(page, 'broadcast-senders');
  await page.getByTestId('broadcast-numbers').fill('081271009999');
  await page.getByTestId('broadcast-text').fill('Besok ada promo, kak.');
  await page.getByTestId('broadcast-when').getByText('Jadwalkan').click();
  const tomorrow = new Date(Date.now() + 24 * 3600_000 + 7 * 3600_000).toISOString().slice(0, 10);
  await page.getByTestId('broadcast-schedule').fill(`${tomorrow}T09:00`);
  await page.getByTestId('broadcast-submit').click();
  await expect(page).toHaveURL(/\/user\/publication\/broadcast\/[\w-]+$/);
  await expect(page.getByTestId('broadcast-state').first()).toHaveText('Dijadwalkan');
});

test("an owner posts a WhatsApp Status and sees it in the simulator's status feed", async ({
  page,
  request,
  context,
}) => {
  const { accountId } = await signedInOwner(page, request);
  await page.goto('/user/publication/status');
  await page.getByTestId('status-create').click();
  await expect(page).toHaveURL(/\/user\/publication\/status\/form$/);
  await pick(page, 'status-account');
  await page.getByTestId('status-text-input').fill('Toko buka sampai jam 9 malam hari ini!');
  await page.getByTestId('status-submit').click();
  await expect(page).toHaveURL(/\/user\/publication\/status$/);
  const row = page.getByTestId('status-row').filter({ hasText: 'Toko buka sampai jam 9 malam' });
  await expect(row.getByTestId('status-state')).toHaveText('Selesai', { timeout: 20_000 });

  const sim = await context.newPage();
  await sim.goto(
    `/sandbox?accountId=${accountId}&phoneNumber=6281270009999&name=${encodeURIComponent('Penonton')}`,
  );
  await sim.getByTestId('sandbox-status-tab').click();
  await expect(
    sim.getByTestId('sandbox-status').filter({ hasText: 'Toko buka sampai jam 9 malam hari ini!' }),
  ).toBeVisible();
});
