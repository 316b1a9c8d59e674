import { expect, test } from '@playwright/test';
import {
  addSandboxChannel,
  agentPage,
  customerSays,
  lastMailTo,
  newOwner,
  signedInOwner,
  simulatorHeaders,
  toast,
  verifiedAgent,
} from './support';

test('an agent takes an unassigned chat and replies; the owner sees it live; another agent’s chat is closed to them', async ({
  page,
  request,
  browser,
}) => {
  const { accountId, token } = await signedInOwner(page, request);
  const rina = await verifiedAgent(request, token, 'Rina Agen');
  const joko = await verifiedAgent(request, token, 'Joko Agen');
  await customerSays(request, accountId, 'Mau tanya ongkir', '6281355550001', 'Pelanggan Satu');
  const second = await customerSays(
    request,
    accountId,
    'Barang sudah sampai?',
    '6281355550002',
    'Pelanggan Dua',
  );
  await request.post(`/api/chat/${second.chatId}/assign`, { headers: { token }, data: { agentId: joko.id } });

  const agent = await agentPage(browser, rina.email, rina.password);
  await agent.getByTestId('chat-row').filter({ hasText: 'Pelanggan Satu' }).click();
  const notice = agent.getByTestId('composer-notice');
  await expect(notice).toContainText('Assign ke Percakapan untuk membalas pesan');
  await notice.getByRole('button', { name: 'Assign' }).click();
  await expect(agent.getByTestId('toast')).toContainText('Percakapan berhasil diassign');
  const composer = agent.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Halo kak, ongkir ke Bandung 15rb');
  await composer.press('Enter');
  await expect(agent.getByTestId('message-bubble').filter({ hasText: 'ongkir ke Bandung' })).toHaveAttribute(
    'data-mine',
    'true',
  );

  // the owner's inbox shows who holds it, live
  const row = page.getByTestId('chat-row').filter({ hasText: 'Pelanggan Satu' });
  await expect(row).toContainText('Rina Agen');
  await expect(row.getByTestId('chat-row-preview')).toContainText('ongkir ke Bandung');

  // the chat held by Joko is closed to Rina, and she cannot change its agent
  await agent.getByTestId('chat-row').filter({ hasText: 'Pelanggan Dua' }).click();
  await expect(agent.getByTestId('composer-notice')).toContainText(
    'Percakapan telah diassign oleh Joko Agen',
  );
  await agent.getByTestId('chat-room-menu').click();
  await agent.getByTestId('chat-info-open').click();
  const drawer = agent.getByTestId('chat-info-drawer');
  await expect(drawer.getByTestId('drawer-agent-current')).toContainText('Joko Agen');
  await expect(drawer.getByTestId('drawer-agents')).toHaveCount(0);
  await expect(drawer.getByTestId('drawer-unassign')).toHaveCount(0);
  const refused = await agent.request.post(`/api/chat/${second.chatId}/message`, {
    headers: {
      token: await agent.evaluate(() => JSON.parse(localStorage.getItem('sapa.session') ?? '{}').token),
    },
    data: { temporaryId: 'x'.repeat(20), text: 'nyelonong' },
  });
  expect(refused.status()).toBe(403);
  await agent.context().close();
});

test('the owner labels, notes, renames and assigns in the drawer, then filters the inbox by label and agent', async ({
  page,
  request,
}) => {
  const { accountId, token } = await signedInOwner(page, request);
  const agent = await verifiedAgent(request, token, 'Sari Agen');
  for (const [name, color] of [
    ['VIP', '#b91c1c'],
    ['Grosir', '#1d4ed8'],
  ]) {
    expect(
      (await request.post('/api/chat/label', { headers: { token }, data: { name, color } })).status(),
    ).toBe(201);
  }
  await customerSays(request, accountId, 'Saya mau beli 100 pcs', '6281355550003', 'Toko Makmur');
  await customerSays(request, accountId, 'Halo', '6281355550004', 'Pembeli Biasa');

  await page.getByTestId('chat-row').filter({ hasText: 'Toko Makmur' }).click();
  await page.getByTestId('chat-room-menu').click();
  await page.getByTestId('chat-info-open').click();
  const drawer = page.getByTestId('chat-info-drawer');
  await expect(drawer).toBeVisible();

  await drawer.getByRole('button', { name: 'Ubah Nama' }).click();
  await drawer.getByTestId('drawer-name-input').fill('Toko Makmur Jaya');
  await drawer.getByTestId('drawer-name-input').press('Enter');
  await expect(toast(page)).toContainText('Kontak Percakapan berhasil diubah');
  await expect(drawer.getByTestId('drawer-name-value')).toHaveText('Toko Makmur Jaya');
  await expect(page.getByTestId('chat-room-name')).toHaveText('Toko Makmur Jaya');

  await drawer.getByTestId('drawer-note').fill('Reseller, minta harga grosir');
  await drawer.getByTestId('drawer-note-save').click();
  await expect(toast(page)).toContainText('Kontak Percakapan berhasil diubah');

  await drawer.getByTestId('drawer-labels').getByLabel('Grosir').check();
  await expect(drawer.getByTestId('drawer-labels').getByLabel('Grosir')).toBeChecked();
  await drawer
    .getByTestId('drawer-agents')
    .getByRole('button', { name: /Sari Agen/ })
    .click();
  await expect(toast(page)).toContainText('Percakapan berhasil diassign');
  await expect(drawer.getByTestId('drawer-agent-current')).toContainText('Sari Agen');
  await drawer.getByTestId('drawer-unassign').click();
  await expect(toast(page)).toContainText('Assign percakapan berhasil dihapus');
  await drawer
    .getByTestId('drawer-agents')
    .getByRole('button', { name: /Sari Agen/ })
    .click();
  await expect(drawer.getByTestId('drawer-agent-current')).toContainText('Sari Agen');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);

  // the row shows the label colour; the filter keeps only that chat, and the button shows it is active
  const row = page.getByTestId('chat-row').filter({ hasText: 'Toko Makmur Jaya' });
  await expect(row.getByTestId('chat-row-label')).toHaveCount(1);
  await page.getByTestId('filter-button').click();
  const modal = page.getByTestId('filter-modal');
  await modal.getByTestId('filter-label').getByLabel('Grosir').check();
  await expect(page.getByTestId('filter-selected-count')).toHaveText('1 dipilih');
  await modal.getByTestId('filter-apply').click();
  await expect(page.getByTestId('chat-row')).toHaveCount(1);
  await expect(page.getByTestId('filter-button')).toHaveAttribute('data-active', 'true');

  await page.getByTestId('filter-button').click();
  await page.getByTestId('filter-reset').click();
  await page
    .getByTestId('filter-agent')
    .getByLabel(/Sari Agen/)
    .check();
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('chat-row')).toHaveCount(1);
  await expect(page.getByTestId('chat-row')).toContainText('Toko Makmur Jaya');
  void agent;
});

test('an Instagram chat whose customer wrote more than 24 hours ago shows the notice instead of the composer', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  const instagramId = await addSandboxChannel(request, accountId, 'instagram');
  const res = await request.post('/api/sandbox/inbound', {
    headers: simulatorHeaders(instagramId),
    data: {
      accountId: instagramId,
      phoneNumber: '6281355550009',
      name: 'Pengikut Lama',
      text: 'Kemarin saya tanya harga',
      sentAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
    },
  });
  expect(res.status()).toBe(201);
  await page.getByTestId('chat-row').filter({ hasText: 'Pengikut Lama' }).click();
  await expect(page.getByTestId('composer-notice')).toContainText(
    'Percakapan dibatasi karena pesan terakhir dari pengguna lebih dari 24 jam',
  );
  await expect(page.getByRole('textbox', { name: 'Ketik pesan' })).toHaveCount(0);
});

test('start a chat with a WhatsApp contact of the sandbox number; a known number opens its conversation', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  await page.getByTestId('start-chat-button').click();
  const modal = page.getByRole('dialog', { name: 'Mulai Percakapan' });
  await modal.getByRole('tab', { name: 'Kontak WhatsApp' }).click();
  await expect(modal.getByTestId('start-chat-empty')).toHaveText('Silahkan Pilih Nomor Pengirim');
  await modal.getByLabel('Nomor Pengirim').selectOption(accountId);
  await modal.getByLabel(/Bima \(Sandbox\)/).check();
  await modal.getByLabel('Pesan').fill('Halo Kak Bima, pesanan Anda sudah dikirim');
  await modal.getByRole('button', { name: 'Mulai' }).click();
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  const url = page.url();
  await expect(page.getByTestId('chat-room-name')).toContainText('+62 811-0000-0002');

  // the same number again opens the same conversation
  await page.getByTestId('start-chat-button').click();
  await modal.getByLabel('Nomor Pengirim').selectOption(accountId);
  await modal.getByLabel('Nomor Telepon').fill('81100000002');
  await modal.getByLabel('Pesan').fill('Satu lagi kak');
  await modal.getByRole('button', { name: 'Mulai' }).click();
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'Satu lagi kak' })).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('chat-row')).toHaveCount(1);
});

test('the owner adds an agent, verifies them with the mailed code, and the agent signs in to the same inbox', async ({
  page,
  request,
  browser,
}) => {
  const { accountId } = await signedInOwner(page, request);
  await customerSays(request, accountId, 'Halo admin', '6281355550011', 'Pelanggan Tiga');
  await page.goto('/user/agent');
  await expect(page.getByTestId('agent-empty')).toBeVisible();
  await page.getByTestId('agent-add').click();
  const form = page.getByTestId('agent-form');
  const person = newOwner();
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(form).toContainText('Value is required');
  await form.getByLabel('Nama').fill('Dewi Agen');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Nomor Telepon').fill(person.local);
  await form.getByLabel('Kata Sandi').fill(person.password);
  await form.getByRole('button', { name: 'Simpan' }).click();

  // an unverified agent cannot sign in yet
  const early = await request.post('/api/auth/login', {
    data: { identifier: person.email, password: person.password },
  });
  expect(early.status()).toBeGreaterThanOrEqual(400);

  const verify = page.getByTestId('agent-verify-form');
  await expect(verify).toBeVisible();
  const code = (await lastMailTo(request, person.email)).match(/\b(\d{6})\b/)?.[1] ?? '';
  await verify.getByLabel('Kode verifikasi digit 1').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const row = page.getByTestId('agent-row').filter({ hasText: 'Dewi Agen' });
  await expect(row.getByTestId('agent-status')).toHaveText('Terverifikasi');

  const agent = await agentPage(browser, person.email, person.password);
  await expect(agent.getByTestId('chat-row').filter({ hasText: 'Pelanggan Tiga' })).toBeVisible();
  await expect(agent.getByTestId('agent-badge')).toBeVisible();
  await agent.context().close();
});
