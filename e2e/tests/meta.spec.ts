import { expect, test, type APIRequestContext } from '@playwright/test';
import { graphURL, META_APP } from '../playwright.config';
import { expectAccessible } from './axe';
import { login, makeBetaUser, registerViaApi } from './support';
import { createHmac } from 'node:crypto';

/**
 * Issue 25 against the fake Graph API (apps/server/test/fake-graph-cli.ts, started by the config):
 * Facebook's dialog, Pages, the Send API and the WhatsApp Cloud API all answer on 127.0.0.1, and its
 * webhooks are signed with the app secret the server is configured with, as Meta signs them.
 */

async function control<T>(request: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const res =
    data === undefined
      ? await request.get(`${graphURL}${path}`)
      : await request.post(`${graphURL}${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The fake posts a signed webhook delivery to the server, as Meta does; answers the server's status. */
async function deliver(request: APIRequestContext, payload: unknown): Promise<number> {
  return (await control<{ status: number }>(request, '/__e2e/deliver', { payload })).status;
}

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

/** A beta owner (the Instagram and Messenger tabs are beta pages) signed in on the page. */
async function betaOwner(page: import('@playwright/test').Page, request: APIRequestContext) {
  const { owner, token } = await registerViaApi(request);
  await makeBetaUser(request, token);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  return { owner, token };
}

test('Instagram: linked through Facebook, a signed DM arrives live, the reply reaches the Send API and turns read', async ({
  page,
  request,
}) => {
  const n = unique();
  const fbPage = await control<{ id: string; instagram: { id: string; username: string } }>(
    request,
    '/__e2e/page',
    { name: `Toko Kain ${n}`, instagram: { username: `tokokain${n}` } },
  );
  const igId = fbPage.instagram.id;
  const { token } = await betaOwner(page, request);

  // Integrasi > Instagram: nothing linked yet; 'Hubungkan' goes to Facebook's dialog
  await page.goto('/user/integration/instagram');
  await expect(page.getByTestId('meta-empty')).toBeVisible();
  await page.getByTestId('meta-connect-empty').or(page.getByTestId('meta-connect-header')).first().click();
  await expect(page).toHaveURL(new RegExp(`^${graphURL}/v\\d+\\.\\d+/dialog/oauth`));
  // the person picks only this Page (other tests' Pages are listed too)
  for (const box of await page.getByRole('checkbox').all()) {
    if ((await box.getAttribute('value')) !== fbPage.id) await box.uncheck();
  }
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // the callback page says what was connected, then leads back to the tab
  await expect(page).toHaveURL(/\/user\/integration\/instagram\/callback/);
  const connected = page.getByTestId('meta-connected-row');
  await expect(connected).toHaveCount(1);
  await expect(connected).toContainText(`@tokokain${n}`);
  // the code is gone from the address bar once read
  await expect(page).not.toHaveURL(/code=/);
  await expectAccessible(page, 'the Instagram callback page');
  await page.getByTestId('meta-callback-back').click();
  await expect(page).toHaveURL(/\/user\/integration\/instagram$/);
  const card = page.getByTestId('meta-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('meta-status')).toHaveText('Terhubung');
  await expectAccessible(page, 'Integrasi > Instagram with a card');

  // a customer writes to the Instagram account: the signed webhook lands in the inbox, live
  const person = await control<{ id: string }>(request, '/__e2e/person', {
    of: igId,
    name: `Sari Pembeli ${n}`,
  });
  await page.goto('/user/chat');
  const mid = `m_ig_${n}_1`;
  const dm = (text: string, id: string) => ({
    object: 'instagram',
    entry: [
      {
        id: igId,
        time: Date.now(),
        messaging: [
          {
            sender: { id: person.id },
            recipient: { id: igId },
            timestamp: Date.now(),
            message: { mid: id, text },
          },
        ],
      },
    ],
  });
  expect(await deliver(request, dm('Halo kak, kain batiknya masih ada? 🙏', mid))).toBe(200);
  const row = page.getByTestId('chat-row').filter({ hasText: `Sari Pembeli ${n}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('chat-row-preview')).toContainText('kain batiknya masih ada?');

  // the owner answers: the Send API gets the Page's call for this person, as a response
  await row.click();
  await expect(page.getByTestId('reply-window-badge')).toContainText('Sisa waktu membalas');
  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Masih ada kak, mau warna apa?');
  await composer.press('Enter');
  const reply = page.getByTestId('message-bubble').filter({ hasText: 'Masih ada kak, mau warna apa?' });
  await expect(reply).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
  const sent = await control<{ body: Record<string, unknown>; messageId: string | null }[]>(
    request,
    `/__e2e/sent?pageId=${fbPage.id}`,
  );
  const call = sent.find(
    (s) => (s.body.message as { text?: string } | undefined)?.text === 'Masih ada kak, mau warna apa?',
  );
  expect(call?.body).toMatchObject({
    recipient: { id: person.id },
    messaging_type: 'RESPONSE',
    message: { text: 'Masih ada kak, mau warna apa?' },
  });

  // Instagram's read event names the message: its tick turns read
  const read = {
    object: 'instagram',
    entry: [
      {
        id: igId,
        time: Date.now(),
        messaging: [
          {
            sender: { id: person.id },
            recipient: { id: igId },
            timestamp: Date.now(),
            read: { mid: call!.messageId },
          },
        ],
      },
    ],
  };
  expect(await deliver(request, read)).toBe(200);
  await expect(reply).toHaveAttribute('data-status', 'read', { timeout: 20_000 });
  await expectAccessible(page, 'an Instagram chat with its reply window');

  // a delivery with a wrong signature is refused and stores nothing
  const forged = JSON.stringify(dm('Pesan palsu dari orang asing', `m_ig_${n}_forged`));
  const refused = await request.post('/webhooks/meta', {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256':
        'sha256=' + createHmac('sha256', 'bukan-rahasia-aplikasi').update(forged).digest('hex'),
    },
    data: forged,
  });
  expect(refused.status()).toBe(401);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'Pesan palsu' })).toHaveCount(0);
  const messages = await request.get(`/api/chat?search=${encodeURIComponent('Pesan palsu')}`, {
    headers: { token },
  });
  expect(((await messages.json()) as { docs: unknown[] }).docs).toHaveLength(0);
  // the same delivery signed with the app's secret is believed
  const genuine = await request.post('/webhooks/meta', {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': 'sha256=' + createHmac('sha256', META_APP.secret).update(forged).digest('hex'),
    },
    data: forged,
  });
  expect(genuine.status()).toBe(200);
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: 'Pesan palsu dari orang asing' }),
  ).toBeVisible();
});

test('WhatsApp Cloud API: a number connected by its ids receives and replies, and outside the window offers a template', async ({
  page,
  request,
}) => {
  const n = unique();
  const number = await control<{
    phoneNumberId: string;
    wabaId: string;
    token: string;
    displayPhoneNumber: string;
  }>(request, '/__e2e/cloud-number', { verifiedName: `Toko Resmi ${n}` });
  await control(request, '/__e2e/templates', {
    wabaId: number.wabaId,
    templates: [
      {
        name: 'pesanan_dikirim',
        language: 'id',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Halo {{1}}, pesanan {{2}} sudah kami kirim.' }],
      },
    ],
  });
  const { token } = await betaOwner(page, request);

  // Integrasi > WhatsApp > Tambah Nomor > WhatsApp Cloud API (resmi)
  await page.goto('/user/integration/whatsapp');
  await page.getByTestId('wa-add').click();
  await page.getByTestId('wa-way-cloud').click();
  const form = page.getByTestId('wa-cloud-form');
  await expectAccessible(page, 'the Cloud API form', form);
  await form.getByTestId('wa-cloud-name').fill(`Cloud ${n}`);
  await form.getByTestId('wa-cloud-phone-number-id').fill(number.phoneNumberId);
  await form.getByTestId('wa-cloud-waba-id').fill(number.wabaId);
  await form.getByTestId('wa-cloud-token').fill(number.token);
  await page.getByTestId('wa-cloud-submit').click();
  const card = page.getByTestId('wa-card').filter({ hasText: `Cloud ${n}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Cloud API');

  // a customer writes: the signed 'messages' notification lands in the inbox
  const waId = `62812${n}`.slice(0, 13);
  const inbound = (text: string, at: Date, from = waId, name = `Budi Cloud ${n}`) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: number.phoneNumberId,
              },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.e2e${n}${at.getTime()}`,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  await page.goto('/user/chat');
  expect(await deliver(request, inbound('Apakah toko buka hari Minggu?', new Date()))).toBe(200);
  const row = page.getByTestId('chat-row').filter({ hasText: `Budi Cloud ${n}` });
  await expect(row).toBeVisible();
  await row.click();
  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Buka kak, jam 9 sampai 17.');
  await composer.press('Enter');
  const reply = page.getByTestId('message-bubble').filter({ hasText: 'Buka kak, jam 9 sampai 17.' });
  await expect(reply).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
  const sends = await control<Record<string, unknown>[]>(
    request,
    `/__e2e/cloud-sends?pnid=${number.phoneNumberId}`,
  );
  expect(sends.at(-1)).toMatchObject({
    messaging_product: 'whatsapp',
    to: waId,
    type: 'text',
    text: { body: 'Buka kak, jam 9 sampai 17.' },
  });

  // another customer last wrote two days ago: the window is closed, a template is offered
  const oldWaId = `62813${n}`.slice(0, 13);
  expect(
    await deliver(
      request,
      inbound(
        'Kak, pesanan saya kapan dikirim?',
        new Date(Date.now() - 48 * 3600_000),
        oldWaId,
        `Ani Lama ${n}`,
      ),
    ),
  ).toBe(200);
  await page.goto('/user/chat');
  const oldRow = page.getByTestId('chat-row').filter({ hasText: `Ani Lama ${n}` });
  await oldRow.click();
  await expect(page.getByTestId('composer-notice')).toContainText('24 jam');
  await expect(page.getByRole('textbox', { name: 'Ketik pesan' })).toHaveCount(0);
  await expectAccessible(page, 'a Cloud API chat outside the window');
  await page.getByTestId('pick-template').click();
  await page.getByTestId('template-option').filter({ hasText: 'pesanan_dikirim' }).click();
  await page.getByLabel('Isian 1').fill('Ani');
  await page.getByLabel('Isian 2').fill('INV-0042');
  await expect(page.getByTestId('template-preview')).toContainText(
    'Halo Ani, pesanan INV-0042 sudah kami kirim.',
  );
  await expectAccessible(page, 'the template picker');
  await page.getByRole('button', { name: 'Kirim template' }).click();
  const templated = page
    .getByTestId('message-bubble')
    .filter({ hasText: 'Halo Ani, pesanan INV-0042 sudah kami kirim.' });
  await expect(templated).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
  const after = await control<Record<string, unknown>[]>(
    request,
    `/__e2e/cloud-sends?pnid=${number.phoneNumberId}`,
  );
  expect(after.at(-1)).toMatchObject({
    to: oldWaId,
    type: 'template',
    template: {
      name: 'pesanan_dikirim',
      language: { code: 'id' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ani' },
            { type: 'text', text: 'INV-0042' },
          ],
        },
      ],
    },
  });

  // a new conversation from the Cloud API number starts with a template too
  await page.getByTestId('start-chat-button').click();
  const dialog = page.getByRole('dialog', { name: 'Mulai Percakapan' });
  await dialog.getByLabel('Nomor Pengirim');
  const cloudAccount = (
    (await (await request.get('/api/account', { headers: { token } })).json()) as {
      docs: { _id: string; provider: string }[];
    }
  ).docs.find((a) => a.provider === 'whatsapp-cloud')!;
  await dialog.getByLabel('Nomor Pengirim').selectOption(cloudAccount._id);
  await expect(dialog.getByTestId('start-chat-template-note')).toBeVisible();
  await expect(dialog.getByLabel('Pesan')).toHaveCount(0);
  await dialog.getByLabel('Nomor Telepon').fill('85700998877');
  await dialog.getByTestId('template-option').filter({ hasText: 'pesanan_dikirim' }).click();
  await dialog.getByLabel('Isian 1').fill('Dewi');
  await dialog.getByLabel('Isian 2').fill('INV-0100');
  await dialog.getByRole('button', { name: 'Mulai' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: 'Halo Dewi, pesanan INV-0100 sudah kami kirim.' }),
  ).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
  const started = await control<Record<string, unknown>[]>(
    request,
    `/__e2e/cloud-sends?pnid=${number.phoneNumberId}`,
  );
  expect(started.at(-1)).toMatchObject({
    to: '6285700998877',
    type: 'template',
    template: { name: 'pesanan_dikirim' },
  });
});
