import { expect, test } from '@playwright/test';
import { customerSays, DEMO, demoSandboxAccount, login, signedInOwner } from './support';

test('simulator and inbox: a customer writes, the owner answers, ticks move to read, a failure shows', async ({
  page,
  request,
  context,
}) => {
  const { accountId } = await signedInOwner(page, request);
  await expect(page.getByTestId('chat-list-empty')).toContainText('Tidak ada Percakapan');

  // the customer simulator in a second tab, no login
  const sim = await context.newPage();
  await sim.goto(
    `/sandbox?accountId=${accountId}&phoneNumber=6281299990001&name=${encodeURIComponent('Rina Pembeli')}`,
  );
  await expect(sim.getByRole('heading', { name: 'Simulator Pelanggan' })).toBeVisible();
  await expect(sim.getByTestId('sandbox-connection')).toHaveText('online');
  await sim.getByRole('textbox', { name: 'Ketik pesan' }).fill('Halo, kemeja batiknya masih ada?');
  await sim.getByRole('button', { name: 'Kirim' }).click();

  // it arrives in the inbox without a reload, unread
  const row = page.getByTestId('chat-row').filter({ hasText: 'Rina Pembeli' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('chat-row-preview')).toContainText('Halo, kemeja batiknya masih ada?');
  await expect(row.getByTestId('chat-row-unread')).toHaveText('1');
  await expect(page.getByTestId('chat-count-unread')).toHaveText('1');

  await row.click();
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  await expect(page.getByTestId('chat-room-name')).toHaveText('Rina Pembeli');
  await expect(row.getByTestId('chat-row-unread')).toHaveCount(0);
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'kemeja batik' })).toHaveAttribute(
    'data-mine',
    'false',
  );

  // Enter sends; the reply reaches the simulator and, with the chat open there, becomes read
  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Masih ada kak, ukuran apa?');
  await composer.press('Enter');
  const reply = page.getByTestId('message-bubble').filter({ hasText: 'Masih ada kak, ukuran apa?' });
  await expect(reply).toHaveAttribute('data-mine', 'true');
  await expect(reply).toHaveAttribute('data-status', 'read', { timeout: 20_000 });
  await expect(
    sim.getByTestId('sandbox-message').filter({ hasText: 'Masih ada kak, ukuran apa?' }),
  ).toHaveAttribute('data-from', 'business');
  await expect(composer).toHaveValue('');

  // Shift+Enter is a newline, not a send; whitespace is never sent
  await composer.fill('   ');
  await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();

  // a failed delivery shows its reason under the bubble
  await composer.fill('Ini akan #gagal');
  await page.getByRole('button', { name: 'Kirim' }).click();
  const failed = page.getByTestId('message-bubble').filter({ hasText: 'Ini akan #gagal' });
  await expect(failed).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
  await expect(page.getByTestId('message-error').last()).toHaveText(
    'Pesan gagal dikirim ke pelanggan (simulasi)',
  );

  // the customer answers while the chat is open: it appears live in the room
  await sim.getByRole('textbox', { name: 'Ketik pesan' }).fill('Ukuran L ya');
  await sim.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'Ukuran L ya' })).toBeVisible();

  // Escape closes the chat
  await page.getByTestId('message-list').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/user\/chat$/);
});

test('the list pages with Lebih Banyak, searches on Enter, and filters by status', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  for (let i = 0; i < 23; i++) {
    await customerSays(
      request,
      accountId,
      `pertanyaan nomor ${i}`,
      `62812000100${String(i).padStart(2, '0')}`,
      `Pelanggan ${i}`,
    );
  }
  await page.reload();
  await expect(page.getByTestId('chat-row').first().getByTestId('chat-row-name')).toHaveText('Pelanggan 22');
  // the list is virtualised: scroll to its end to reach 'Lebih Banyak' and the older chats
  const list = page.getByTestId('chat-list');
  const toBottom = () => list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await toBottom();
  await expect(page.getByTestId('chat-row').filter({ hasText: 'Pelanggan 3' })).toBeVisible();
  await expect(page.getByTestId('chat-row-name').filter({ hasText: /^Pelanggan 2$/ })).toHaveCount(0);
  await page.getByTestId('load-more-chats').click();
  await toBottom();
  await expect(page.getByTestId('chat-row').filter({ hasText: 'Pelanggan 0' })).toBeVisible();
  await expect(page.getByTestId('load-more-chats')).toHaveCount(0);

  const search = page.getByLabel('Cari percakapan');
  await search.fill('nomor 17');
  await expect(page.getByTestId('start-chat-button')).toBeHidden();
  await search.press('Enter');
  await expect(page.getByTestId('chat-row-name')).toHaveText(['Pelanggan 17']);
  await search.fill('tidak ada yang cocok');
  await page.getByTestId('chat-search-button').click();
  await expect(page.getByTestId('chat-list-empty')).toHaveText(/Percakapan tidak ditemukan/);
  await page.getByRole('button', { name: 'Hapus pencarian' }).click();
  await expect(page.getByTestId('start-chat-button')).toBeVisible();

  // answer one chat: it leaves 'Belum Dibalas'
  await page.getByTestId('chat-row').filter({ hasText: 'Pelanggan 22' }).click();
  await page.getByRole('textbox', { name: 'Ketik pesan' }).fill('Siap kak');
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'Siap kak' })).toHaveAttribute(
    'data-status',
    /sent|unread|read/,
  );
  await page.getByTestId('chat-tab-unreplied').click();
  await expect(page.getByTestId('chat-count-unreplied')).toHaveText('22');
  await expect(page.getByTestId('chat-row').filter({ hasText: 'Pelanggan 21' })).toBeVisible();
  await expect(page.getByTestId('chat-count-unread')).toHaveText('22');
});

test('start a new conversation from the sender number with a typed phone number', async ({
  page,
  request,
}) => {
  await signedInOwner(page, request);
  await page.getByTestId('start-chat-button').click();
  const dialog = page.getByRole('dialog', { name: 'Mulai Percakapan' });
  await dialog.getByRole('button', { name: 'Mulai' }).click();
  await expect(dialog.getByText('Nomor Pengirim tidak valid')).toBeVisible();
  await dialog.getByLabel('Nomor Pengirim').selectOption({ index: 1 });
  await dialog.getByLabel('Nomor Telepon').fill('08123');
  await dialog.getByLabel('Pesan').fill('Halo, ada promo minggu ini!');
  await dialog.getByRole('button', { name: 'Mulai' }).click();
  await expect(dialog.getByText('Nomor Telepon tidak valid')).toBeVisible();
  await dialog.getByLabel('Nomor Telepon').fill('85700112233');
  await dialog.getByRole('button', { name: 'Mulai' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  // issue 21: a chat started from a number without a name shows the number formatted
  await expect(page.getByTestId('chat-room-name')).toHaveText('+62 857-0011-2233');
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: 'Halo, ada promo minggu ini!' }),
  ).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('list and room show one at a time, with a back arrow', async ({ page, request }) => {
    const { accountId } = await signedInOwner(page, request);
    await customerSays(request, accountId, 'Halo dari HP', '6281277001100', 'Dewi');
    const row = page.getByTestId('chat-row').filter({ hasText: 'Dewi' });
    await row.click();
    await expect(page.getByTestId('chat-room-name')).toHaveText('Dewi');
    await expect(page.getByTestId('chat-row')).toBeHidden();
    await page.getByRole('textbox', { name: 'Ketik pesan' }).fill('Halo Dewi');
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByTestId('message-bubble').filter({ hasText: 'Halo Dewi' })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke daftar percakapan' }).click();
    await expect(page).toHaveURL(/\/user\/chat$/);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('chat-row-preview')).toContainText('Halo Dewi');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('an agent takes an unassigned conversation with Assign, then replies', async ({ page, request }) => {
  const demoAccount = await demoSandboxAccount(request);
  const phone = `62813${String(Date.now()).slice(-8)}`;
  await customerSays(request, demoAccount, 'Bisa dibantu agen?', phone, `Tamu ${phone.slice(-4)}`);

  await login(page, DEMO.agent.identifier, DEMO.agent.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await page
    .getByTestId('chat-row')
    .filter({ hasText: `Tamu ${phone.slice(-4)}` })
    .click();
  const notice = page.getByTestId('composer-notice');
  await expect(notice).toContainText('Assign ke Percakapan untuk membalas pesan');
  await expect(page.getByRole('textbox', { name: 'Ketik pesan' })).toHaveCount(0);
  await notice.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByTestId('toast-message')).toHaveText('Percakapan berhasil diassign');
  await expect(notice).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Ketik pesan' }).fill('Halo, saya Agen Demo');
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: 'Halo, saya Agen Demo' }),
  ).toHaveAttribute('data-mine', 'true');
  const row = page.getByTestId('chat-row').filter({ hasText: `Tamu ${phone.slice(-4)}` });
  await expect(row.getByTestId('chat-row-agent')).toHaveText('Agen Demo');
});

test('a message from a customer raises a browser notification with the contact name and text', async ({
  page,
  request,
}) => {
  // record what the app hands to the Notification API (headless Chromium shows nothing on screen)
  await page.addInitScript(() => {
    const shown: { title: string; body?: string; icon?: string }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions = {}) {
        shown.push({ title, body: options.body, icon: options.icon });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
  });
  const { accountId } = await signedInOwner(page, request);
  const shown = () =>
    page.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications);
  // the socket connects a moment after the inbox renders: write until one message arrives live
  for (let i = 0; i < 10 && !(await shown()).length; i++) {
    await customerSays(request, accountId, `Apakah masih buka? (${i})`, '6281277003300', 'Lina');
    await page.waitForTimeout(500);
  }
  expect(await shown()).toContainEqual({
    title: 'Lina',
    body: expect.stringMatching(/^Apakah masih buka\? \(\d\)$/),
    icon: expect.stringContaining('/default-avatar.svg'),
  });
});
