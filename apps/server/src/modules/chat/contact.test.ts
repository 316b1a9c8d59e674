import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { agentFor, customerSays, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';

/** PUT /chat/{id}/contact (the drawer) and the Instagram reply window (spec §4, §6). */
const { t, get, post, put } = useTestApp();
let n = 0;
const tmp = () => `ctc${String(++n).padStart(17, '0')}`;

describe('the drawer edits the contact', () => {
  it('saves name, number, note and labels, publishes them, and drops labels that are not the tenant’s', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281244440000', 'Budi');
    const vip = json(await post('/api/chat/label', token, { name: 'VIP', color: '#b91c1c' }), api.label);
    const other = await ownerWithSandbox(t.app);
    const theirs = json(
      await post('/api/chat/label', other.token, { name: 'Rahasia', color: '#1d4ed8' }),
      api.label,
    );
    const published: unknown[] = [];
    const off = t.ctx.bus.subscribe((m) => published.push(m));

    const res = await put(`/api/chat/${chatId}/contact`, token, {
      name: 'Budi Santoso',
      phoneNumber: '6281244449999',
      note: 'Pelanggan grosir, kirim via JNE',
      labelIds: [vip._id, theirs._id, 'tidak-ada'],
    });
    off();
    expect(res.statusCode).toBe(200);
    const chat = json(res, api.chat);
    expect(chat.contact).toEqual({
      name: 'Budi Santoso',
      phoneNumber: '6281244449999',
      note: 'Pelanggan grosir, kirim via JNE',
      labelIds: [vip._id],
      labels: [{ _id: vip._id, name: 'VIP', color: '#b91c1c' }],
    });
    expect(published).toHaveLength(1);
    const row = json(await get(`/api/chat?labelIds=${vip._id}`, token), api.chatPage).docs;
    expect(row.map((c) => c._id)).toEqual([chatId]);
    expect(row[0]?.contact.labels.map((l) => l.name)).toEqual(['VIP']);

    // a partial edit keeps the rest; bad input changes nothing
    await put(`/api/chat/${chatId}/contact`, token, { note: '' });
    for (const [body, message] of [
      [{ name: '  ' }, 'Nama Kontak tidak valid'],
      [{ phoneNumber: '0812' }, 'Nomor Telepon tidak valid'],
      [{ phoneNumber: '62-812' }, 'Nomor Telepon tidak valid'],
    ] as const) {
      const bad = await put(`/api/chat/${chatId}/contact`, token, body);
      expect(bad.statusCode).toBe(400);
      expect(json(bad, api.messageResponse).message).toBe(message);
    }
    const after = json(await get(`/api/chat/${chatId}`, token), api.chat);
    expect(after.contact).toMatchObject({ name: 'Budi Santoso', phoneNumber: '6281244449999', note: '' });
    expect(after.contact.labelIds).toEqual([vip._id]);

    // agents edit too; another tenant cannot
    const agent = await agentFor(t, token, 'Agen Rina');
    expect((await put(`/api/chat/${chatId}/contact`, agent.token, { note: 'dari agen' })).statusCode).toBe(
      200,
    );
    const foreign = await put(`/api/chat/${chatId}/contact`, other.token, { name: 'Diganti' });
    expect(foreign.statusCode).toBe(404);
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).contact.name).toBe('Budi Santoso');

    // deleting the label takes it off the chat
    await t.app.inject({ method: 'DELETE', url: `/api/chat/label/${vip._id}`, headers: { token } });
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).contact.labelIds).toEqual([]);
  });
});

describe('Instagram reply window', () => {
  it('refuses replies 24 hours after the customer last wrote, until they write again', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const ig = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/account',
        headers: { token },
        payload: { accountId, type: 'instagram' },
      }),
      api.sandboxAccount,
    );
    const { chatId } = await customerSays(t.app, ig._id, 'Halo kak', '6281244441111', 'Pengikut');
    t.clock.advance(23 * 60 * 60 * 1000);
    expect(
      (await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(), text: 'Masih bisa' }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    const late = await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(), text: 'Terlambat' });
    expect(late.statusCode).toBe(403);
    expect(json(late, api.messageResponse).message).toBe(
      'Percakapan dibatasi karena pesan terakhir dari pengguna lebih dari 24 jam',
    );
    await customerSays(t.app, ig._id, 'Kak?', '6281244441111', 'Pengikut');
    expect(
      (await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(), text: 'Siap kak' })).statusCode,
    ).toBe(200);
    // WhatsApp has no such window
    const wa = await customerSays(t.app, accountId, 'Halo', '6281244442222', 'Wati');
    t.clock.advance(48 * 60 * 60 * 1000);
    expect(
      (await post(`/api/chat/${wa.chatId}/message`, token, { temporaryId: tmp(), text: 'Halo lagi' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('start-chat pickers and reuse', () => {
  it('a sandbox number lists its customers and a few fixed people, searchable, 50 a page', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    await customerSays(t.app, accountId, 'Halo', '6281244443333', 'Zaki');
    const list = json(
      await get(`/api/account/whatsapp/${accountId}/contact`, token),
      api.whatsappContactPage,
    );
    expect(list.docs.map((c) => c.name)).toEqual([
      'Zaki',
      'Ani (Sandbox)',
      'Bima (Sandbox)',
      'Citra (Sandbox)',
    ]);
    expect(list.hasNextPage).toBe(false);
    const found = json(
      await get(`/api/account/whatsapp/${accountId}/contact?search=bima`, token),
      api.whatsappContactPage,
    );
    expect(found.docs.map((c) => c.name)).toEqual(['Bima (Sandbox)']);
    const other = await ownerWithSandbox(t.app);
    expect((await get(`/api/account/whatsapp/${accountId}/contact`, other.token)).statusCode).toBe(404);
  });

  it('starting a chat with a number that already has one opens that conversation', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281244444444', 'Yuni');
    const started = json(
      await post('/api/chat/new', token, { accountId, phoneNumber: '6281244444444', text: 'Halo Kak Yuni' }),
      api.chat,
    );
    expect(started._id).toBe(chatId);
    expect(started.contact.name).toBe('Yuni');
    const list = json(await get('/api/chat', token), api.chatPage).docs;
    expect(list.filter((c) => c.contact.phoneNumber === '6281244444444')).toHaveLength(1);
  });
});
