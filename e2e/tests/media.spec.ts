import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addSandboxChannel, customerSays, signedInOwner, simulatorHeaders, toast } from './support';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

/** The customer sends a file through the simulator's API: upload, then the message with its url. */
async function customerSendsFile(
  request: APIRequestContext,
  accountId: string,
  phoneNumber: string,
  file: { name: string; mimeType: string },
  type: 'image' | 'video' | 'audio' | 'document',
  text = '',
) {
  const upload = await request.post(`/api/sandbox/media?accountId=${accountId}`, {
    headers: simulatorHeaders(accountId),
    multipart: {
      file: { name: file.name, mimeType: file.mimeType, buffer: fs.readFileSync(fixture(file.name)) },
    },
  });
  expect(upload.status()).toBe(200);
  const { url } = (await upload.json()) as { url: string };
  const res = await request.post('/api/sandbox/inbound', {
    headers: simulatorHeaders(accountId),
    data: { accountId, phoneNumber, name: 'Dewi Pembeli', type, text, [type]: { url } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { chatId: string; messageId: string };
}

async function openChat(page: Page, name: string) {
  await page.getByTestId('chat-row').filter({ hasText: name }).click();
  await expect(page.getByTestId('chat-room-name')).toHaveText(name);
}

const bubbles = (page: Page) => page.getByTestId('message-bubble');

test('every type from the customer shows as its bubble, with previews, playback and downloads', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  const phone = '6281377770001';
  await customerSendsFile(
    request,
    accountId,
    phone,
    { name: 'foto-produk.png', mimeType: 'image/png' },
    'image',
    'Yang ini kak',
  );
  await customerSendsFile(request, accountId, phone, { name: 'produk.mp4', mimeType: 'video/mp4' }, 'video');
  await customerSendsFile(
    request,
    accountId,
    phone,
    { name: 'pesan-suara.ogg', mimeType: 'audio/ogg' },
    'audio',
  );
  await customerSendsFile(
    request,
    accountId,
    phone,
    { name: 'katalog.pdf', mimeType: 'application/pdf' },
    'document',
  );
  await request.post('/api/sandbox/inbound', {
    headers: simulatorHeaders(accountId),
    data: {
      accountId,
      phoneNumber: phone,
      name: 'Dewi Pembeli',
      type: 'location',
      location: { latitude: -6.2, longitude: 106.8166, name: 'Rumah Dewi', address: 'Jl. Melati 3, Jakarta' },
    },
  });
  await request.post('/api/sandbox/inbound', {
    headers: simulatorHeaders(accountId),
    data: {
      accountId,
      phoneNumber: phone,
      name: 'Dewi Pembeli',
      type: 'contact',
      contact: { name: 'Suami Dewi', dial: '62', phoneNumber: '81211112222' },
    },
  });

  await openChat(page, 'Dewi Pembeli');
  const row = page.getByTestId('chat-row').filter({ hasText: 'Dewi Pembeli' });
  await expect(row.getByTestId('chat-row-preview')).toContainText('Kontak');

  // image: its caption, and a full preview that Escape closes without closing the chat
  const image = page.getByTestId('bubble-image');
  await expect(image).toBeVisible();
  await expect(bubbles(page).filter({ has: image })).toContainText('Yang ini kak');
  await image.click();
  const preview = page.getByTestId('media-preview');
  await expect(preview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);

  // video: thumbnail with a play icon, opens the preview with the player
  await page.getByTestId('bubble-video').click();
  await expect(page.getByTestId('media-preview').locator('video')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('media-preview')).toHaveCount(0);

  // audio: duration as minutes.seconds, play and pause
  const audio = page.getByTestId('bubble-audio');
  await expect(audio.getByTestId('audio-duration')).toContainText('0.03');
  await audio.getByTestId('audio-toggle').click();
  await expect(audio.getByRole('button', { name: /Jeda/ })).toBeVisible();
  await audio.getByTestId('audio-toggle').click();
  await expect(audio.getByRole('button', { name: /Putar/ })).toBeVisible();

  // document: name and size in kB, downloaded under its name
  const doc = page.getByTestId('bubble-document');
  await expect(doc).toContainText('katalog.pdf');
  await expect(doc).toContainText('1 kB');
  const download = page.waitForEvent('download');
  await doc.getByTestId('document-download').click();
  expect((await download).suggestedFilename()).toBe('katalog.pdf');

  // location opens a maps service in a new tab; contact shows +dial and number
  const location = page.getByTestId('bubble-location');
  await expect(location).toContainText('Rumah Dewi');
  const link = location; // the bubble is the link
  await expect(link).toHaveAttribute('href', /google\.com\/maps.*-6\.2.*106\.8166/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('bubble-contact')).toContainText('+62 81211112222');
  await expect(page.getByTestId('bubble-contact')).toContainText('Suami Dewi');

  // Escape with nothing open closes the chat
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/user\/chat$/);
});

test('the owner sends files, a location and a contact, with the rules of spec §5 and the reply', async ({
  page,
  request,
}) => {
  // a long journey (dozens of steps): three times the default timeout on a busy machine
  test.slow();
  const { accountId } = await signedInOwner(page, request);
  const { messageId } = await customerSendsFile(
    request,
    accountId,
    '6281377770002',
    { name: 'foto-produk.png', mimeType: 'image/png' },
    'image',
    'Ada warna lain?',
  );
  await openChat(page, 'Dewi Pembeli');

  // refused before anything is sent: too big, wrong type
  await page.getByTestId('file-input-image').setInputFiles({
    name: 'besar.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(toast(page)).toContainText('Tidak Valid');
  await expect(toast(page)).toContainText('Maksimal ukuran file adalah 10MB');
  await page.getByTestId('file-input-video').setInputFiles(fixture('katalog.pdf'));
  await expect(toast(page)).toContainText(
    'Jenis file application/pdf tidak didukung untuk gambar/video/audio',
  );
  await expect(bubbles(page)).toHaveCount(1);

  // an image with a caption through the send preview; Escape first closes the preview only
  await page.getByTestId('file-input-image').setInputFiles(fixture('foto-produk.png'));
  const sendPreview = page.getByTestId('send-preview');
  await expect(sendPreview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sendPreview).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  await page.getByTestId('file-input-image').setInputFiles(fixture('foto-produk.png'));
  await page.getByPlaceholder('Tambahkan keterangan').fill('Ada warna hijau juga kak');
  await page.getByTestId('send-preview-submit').click();
  const sentImage = bubbles(page).filter({ hasText: 'Ada warna hijau juga kak' });
  await expect(sentImage.getByTestId('bubble-image')).toBeVisible();
  await expect(sentImage).toHaveAttribute('data-status', /^(sent|unread|read)$/, { timeout: 20_000 });
  await expect(sentImage.locator('img').first()).toHaveAttribute('src', /\/api\/media\//);

  // a document shows no preview; audio goes at once
  await page.getByTestId('file-input-document').setInputFiles(fixture('katalog.pdf'));
  await expect(page.getByTestId('send-preview')).toContainText('Pratinjau tidak tersedia');
  await page.getByTestId('send-preview-submit').click();
  await expect(page.getByTestId('bubble-document').last()).toContainText('katalog.pdf');
  await page.getByTestId('file-input-audio').setInputFiles(fixture('pesan-suara.ogg'));
  await expect(page.getByTestId('bubble-audio').last()).toBeVisible();
  await expect(page.getByTestId('bubble-audio').last().getByTestId('audio-duration')).toContainText('0.03', {
    timeout: 20_000,
  });
  await page.getByTestId('file-input-video').setInputFiles(fixture('produk.mp4'));
  await page.getByTestId('send-preview-submit').click();
  await expect(
    bubbles(page)
      .filter({ has: page.getByTestId('bubble-video') })
      .last(),
  ).toHaveAttribute('data-status', /^(sent|unread|read)$/, { timeout: 20_000 });

  // Kirim Lokasi and Kirim Kontak check their fields
  await page.getByRole('button', { name: 'Lampirkan' }).click();
  await page.getByTestId('attach-location').click();
  const locationForm = page.getByTestId('location-form');
  await locationForm.getByRole('button', { name: 'Kirim' }).click();
  await expect(locationForm).toContainText('Latitude tidak valid');
  await expect(locationForm).toContainText('Alamat Lokasi tidak valid');
  await locationForm.getByLabel('Latitude').fill('-6.1754');
  await locationForm.getByLabel('Longitude').fill('106.8272');
  await locationForm.getByLabel('Nama Lokasi').fill('Toko Monas');
  await locationForm.getByLabel('Alamat Lokasi').fill('Jl. Medan Merdeka, Jakarta');
  await locationForm.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByTestId('bubble-location').last()).toContainText('Toko Monas');

  await page.getByRole('button', { name: 'Lampirkan' }).click();
  await page.getByTestId('attach-contact').click();
  const contactForm = page.getByTestId('contact-form');
  await contactForm.getByRole('button', { name: 'Kirim' }).click();
  await expect(contactForm).toContainText('Nama Kontak tidak valid');
  await contactForm.getByLabel('Nama Kontak').fill('Admin Gudang');
  await contactForm.getByLabel('Nomor Telepon').fill('81299998888');
  await contactForm.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByTestId('bubble-contact').last()).toContainText('+62 81299998888');

  // reply to the customer's photo: the quote shows the sender and a click jumps to the original
  const original = bubbles(page).filter({ hasText: 'Ada warna lain?' });
  // the reply button beside this very bubble (it shows on hover)
  const originalRow = page.locator('.sapa-bubble-row', { has: original });
  await originalRow.hover();
  await originalRow.getByTestId('reply-button').click();
  await expect(page.getByTestId('composer-quote')).toContainText('Dewi Pembeli');
  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Ada kak, hijau dan biru');
  await composer.press('Enter');
  const reply = bubbles(page).filter({ hasText: 'Ada kak, hijau dan biru' });
  await expect(reply.getByTestId('quoted-block')).toContainText('Dewi Pembeli');
  await expect(reply.getByTestId('quoted-block')).toContainText('Ada warna lain?');
  await expect(page.getByTestId('composer-quote')).toHaveCount(0);
  await reply.getByTestId('quoted-block').click();
  await expect(page.locator(`[data-message-id="${messageId}"]`)).toBeInViewport();

  // everything reached the customer's phone
  const conversation = await request.get(
    `/api/sandbox/conversation?accountId=${accountId}&phoneNumber=6281377770002`,
    { headers: simulatorHeaders(accountId) },
  );
  const types = ((await conversation.json()) as { messages: { type: string }[] }).messages.map((m) => m.type);
  expect(types).toEqual(['image', 'image', 'document', 'audio', 'video', 'location', 'contact', 'text']);
});

test('Instagram offers only images, video and audio, has no reply, and splits a caption from its media', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  const instagramId = await addSandboxChannel(request, accountId, 'instagram');
  await customerSays(request, instagramId, 'Halo kak dari IG', '6281377770003', 'Pengikut IG');
  await openChat(page, 'Pengikut IG');

  await page.getByRole('button', { name: 'Lampirkan' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Gambar', 'Video', 'Audio']);
  await page.keyboard.press('Escape');
  await bubbles(page).first().hover();
  await expect(page.getByTestId('reply-button')).toHaveCount(0);

  await page.getByTestId('file-input-image').setInputFiles(fixture('foto-produk.png'));
  await page.getByPlaceholder('Tambahkan keterangan').fill('Ini fotonya kak');
  await page.getByTestId('send-preview-submit').click();
  // two messages: the text, then the image
  await expect(bubbles(page)).toHaveCount(3);
  await expect(bubbles(page).nth(1)).toHaveAttribute('data-type', 'text');
  await expect(bubbles(page).nth(1)).toContainText('Ini fotonya kak');
  await expect(bubbles(page).nth(2)).toHaveAttribute('data-type', 'image');
  await expect(bubbles(page).nth(2)).toHaveAttribute('data-status', /^(sent|unread|read)$/, {
    timeout: 20_000,
  });
});

test("a template typed with '/' fills the composer", async ({ page, request }) => {
  const { accountId, token } = await signedInOwner(page, request);
  for (const [title, text] of [
    ['Salam Pembuka', 'Halo kak, terima kasih sudah menghubungi kami'],
    ['Info Ongkir', 'Ongkir ke seluruh Jawa gratis minimal belanja 100rb'],
  ]) {
    const res = await request.post('/api/chat/template', { data: { title, text }, headers: { token } });
    expect(res.status()).toBe(201);
  }
  await customerSays(request, accountId, 'Ongkirnya berapa?', '6281377770004', 'Bayu');
  await openChat(page, 'Bayu');
  // while the popup is open the text area is a combobox
  const composer = page.getByLabel('Ketik pesan');
  await composer.fill('/');
  const popup = page.getByTestId('template-popup');
  await expect(popup.getByTestId('template-option')).toHaveCount(2);
  await composer.fill('/ongkir');
  await expect(popup.getByTestId('template-option')).toHaveCount(1);
  await composer.press('Enter');
  await expect(composer).toHaveValue('Ongkir ke seluruh Jawa gratis minimal belanja 100rb');
  await composer.press('Enter');
  await expect(bubbles(page).filter({ hasText: 'Ongkir ke seluruh Jawa' })).toHaveAttribute(
    'data-mine',
    'true',
  );
});

test('the customer simulator sends a photo and a document, and sees the business reply with a file', async ({
  page,
  request,
  context,
}) => {
  const { accountId } = await signedInOwner(page, request);
  const sim = await context.newPage();
  await sim.goto(
    `/sandbox?accountId=${accountId}&phoneNumber=6281377770005&name=${encodeURIComponent('Lina')}`,
  );
  await expect(sim.getByTestId('sandbox-connection')).toHaveText('online');

  await sim.getByTestId('sandbox-file-input-image').setInputFiles(fixture('foto-produk.png'));
  await sim.getByTestId('sandbox-caption').fill('Mau yang ini');
  await sim.getByTestId('sandbox-send-media').click();
  await sim.getByTestId('sandbox-file-input-document').setInputFiles(fixture('katalog.pdf'));
  await sim.getByTestId('sandbox-send-media').click();
  await expect(sim.getByTestId('sandbox-message')).toHaveCount(2);

  // both arrive in the inbox live, as their bubbles
  const row = page.getByTestId('chat-row').filter({ hasText: 'Lina' });
  await expect(row.getByTestId('chat-row-preview')).toContainText('Dokumen');
  await row.click();
  await expect(bubbles(page).filter({ hasText: 'Mau yang ini' }).getByTestId('bubble-image')).toBeVisible();
  await expect(page.getByTestId('bubble-document')).toContainText('katalog.pdf');

  // the owner answers with a video; the simulator shows it with the read ticks
  await page.getByTestId('file-input-video').setInputFiles(fixture('produk.mp4'));
  await page.getByTestId('send-preview-submit').click();
  const fromBusiness = sim.getByTestId('sandbox-message').filter({ has: sim.getByTestId('bubble-video') });
  await expect(fromBusiness).toHaveAttribute('data-from', 'business', { timeout: 20_000 });
  await expect(bubbles(page).last()).toHaveAttribute('data-status', 'read', { timeout: 20_000 });
});
