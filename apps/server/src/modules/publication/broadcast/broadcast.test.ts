import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import { PUBLICATION_MESSAGES as M, type BroadcastBody } from '@sapa/contracts';
import { accounts, broadcastRecipients, messages } from '../../../db/schema';
import { applyStatus } from '../../chat/receipts';
import {
  agentFor,
  customerSays,
  devMailbox,
  drainJobs,
  json,
  ownerWithSandbox,
  useTestApp,
  type Method,
} from '../../../../test/helpers';

/**
 * Broadcasts through the API, the job runner (driven by hand, with the test clock) and the sandbox
 * number, with pacing off (SAPA_BROADCAST_PACING=0: pacing has its own tests in pacing.test.ts).
 */
const { t, call } = useTestApp({ env: { SAPA_BROADCAST_PACING: '0' } });
const req = (method: Method, url: string, token: string, payload?: unknown) =>
  call(method, `/api${url}`, token, payload as object | undefined);

async function groupWith(
  token: string,
  name: string,
  contacts: { name: string; phoneNumber: string; values?: Record<string, string> }[],
  columns: string[] = [],
) {
  const group = json(await req('POST', '/group', token, { name }), api.contactGroup);
  for (const column of columns)
    expect((await req('POST', `/group/${group._id}/column`, token, { name: column })).statusCode).toBe(200);
  const res = await req('POST', `/group/${group._id}/contact`, token, { contacts });
  expect(res.statusCode, res.body).toBe(201);
  return group;
}

async function create(token: string, body: BroadcastBody) {
  const res = await req('POST', '/publication/broadcast', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.broadcast);
}

const getBroadcast = async (token: string, id: string) =>
  json(await req('GET', `/publication/broadcast/${id}`, token), api.broadcast);
const recipientsOf = async (token: string, id: string, query = '') =>
  json(await req('GET', `/publication/broadcast/${id}/recipient${query}`, token), api.broadcastRecipientPage);

/** Sends everything due, then lets the simulated phones deliver (their receipts come 700 ms later). */
async function deliverAll() {
  await drainJobs(t);
  t.clock.advance(1000);
  await drainJobs(t);
}

describe('broadcasts', () => {
  it("sends each recipient the message with their own values once, counts what happened and ends as 'Selesai'", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const group = await groupWith(
      token,
      'Pelanggan Setia',
      [
        { name: 'Budi', phoneNumber: '081311110001', values: { kota: 'Bandung' } },
        { name: 'Siti', phoneNumber: '081311110002', values: { kota: '' } },
        { name: 'Agus', phoneNumber: '081311110003', values: { kota: 'Medan' } },
      ],
      ['kota'],
    );
    const created = await create(token, {
      name: 'Promo Akhir Tahun',
      accountIds: [accountId],
      groupIds: [group._id],
      // Budi again, pasted, and one number only pasted
      phoneNumbers: '0813 1111 0001\n+62 813-1111-0004\n',
      message: { type: 'text', text: 'Halo {{nama}} di {{kota}}, diskon 20% untuk Anda.' },
      fallbacks: { kota: 'kota Anda', nama: 'Kak' },
    });
    expect(created.state).toBe('running');
    expect(api.publicationStateLabel(created.state)).toBe('Berjalan');
    expect(created.counts).toMatchObject({ total: 4, pending: 4, sent: 0 });

    await deliverAll();
    const done = await getBroadcast(token, created._id);
    expect(done.state).toBe('finish');
    expect(api.publicationStateLabel(done.state)).toBe('Selesai');
    expect(done.counts).toMatchObject({ total: 4, pending: 0, sent: 4, delivered: 4, failed: 0, skipped: 0 });

    const texts = await t.ctx.db
      .select({ text: messages.text, status: messages.status })
      .from(messages)
      .innerJoin(broadcastRecipients, eq(broadcastRecipients.messageId, messages.id))
      .where(eq(broadcastRecipients.broadcastId, created._id));
    expect(texts.map((m) => m.text).sort()).toEqual([
      'Halo Agus di Medan, diskon 20% untuk Anda.',
      'Halo Budi di Bandung, diskon 20% untuk Anda.',
      'Halo Kak di kota Anda, diskon 20% untuk Anda.',
      'Halo Siti di kota Anda, diskon 20% untuk Anda.',
    ]);
    const page = await recipientsOf(token, created._id);
    // pasted numbers first (Budi keeps the pasted place with his contact's values), then the group by name
    expect(page.docs.map((r) => r.phoneNumber)).toEqual([
      '6281311110001',
      '6281311110004',
      '6281311110003',
      '6281311110002',
    ]);
    expect(page.docs.every((r) => r.state === 'unread' && r.sentAt && r.chatId)).toBe(true);

    // the message sits in the customer's chat, so a reply threads in the inbox
    const chats = json(await req('GET', '/chat?search=6281311110002', token), api.chatPage);
    expect(chats.docs.map((c) => c.lastMessage?.text)).toEqual([
      'Halo Siti di kota Anda, diskon 20% untuk Anda.',
    ]);

    // running the jobs again sends nothing twice
    await deliverAll();
    const count = await t.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(broadcastRecipients, eq(broadcastRecipients.messageId, messages.id))
      .where(eq(broadcastRecipients.broadcastId, created._id));
    expect(count).toHaveLength(4);
  });

  it('previews recipients: duplicates, invalid lines, opted-out and cold numbers, variables and a real sample', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const group = await groupWith(
      token,
      'Reseller',
      [{ name: 'Rina', phoneNumber: '081322220001', values: { toko: 'Rina Shop' } }],
      ['toko'],
    );
    await customerSays(t.app, accountId, 'halo', '6281322220002', 'Doni');
    json(await req('POST', '/publication/opt-out', token, { phoneNumber: '081322220003' }), api.optOut);
    const preview = json(
      await req('POST', '/publication/broadcast/preview', token, {
        accountIds: [accountId],
        groupIds: [group._id],
        phoneNumbers: '081322220001\n081322220002\n081322220002\nbukan nomor\n081322220003\n',
      }),
      api.broadcastPreview,
    );
    expect(preview).toMatchObject({ recipients: 2, duplicates: 2, optedOut: 1, invalidLines: [4], cold: 1 });
    expect(preview.variables).toEqual(['nama', 'nomor', 'toko']);
    expect(preview.sample).toMatchObject({ phoneNumber: '6281322220001' });
    expect(preview.estimatedSeconds).toBe(0); // pacing is off in this file
  });

  it('refuses bad input with the reason on its field and stores nothing', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const base = {
      name: 'Uji',
      accountIds: [accountId],
      phoneNumbers: '081333330001',
      message: { type: 'text', text: 'Halo' },
    } as const;
    const cases: [object, string, string][] = [
      [{ ...base, name: ' ' }, 'name', M.nameInvalid],
      [{ ...base, accountIds: [] }, 'accountIds', M.sendersRequired],
      [{ ...base, phoneNumbers: '' }, 'groupIds', M.recipientsRequired],
      [
        { ...base, phoneNumbers: '081333330001\nabc' },
        'phoneNumbers',
        M.phoneLinesInvalid.replace('{lines}', '2'),
      ],
      [
        { ...base, message: { type: 'text', text: 'Halo {{alamat}}' } },
        'message.text',
        M.variableUnknown.replace('{name}', 'alamat'),
      ],
      [
        { ...base, scheduledAt: new Date(t.clock.now().getTime() - 60_000).toISOString() },
        'scheduledAt',
        M.scheduleInPast,
      ],
      [{ ...base, groupIds: ['bukan-grup'] }, 'groupIds', M.groupNotFound],
      [{ ...base, accountIds: ['bukan-akun'] }, 'accountIds', M.senderInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await req('POST', '/publication/broadcast', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res, api.apiErrorBody).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(json(await req('GET', '/publication/broadcast', token), api.broadcastPage).docs).toHaveLength(0);
  });

  it("waits for its time as 'Dijadwalkan', then runs", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const at = new Date(t.clock.now().getTime() + 3600_000);
    const created = await create(token, {
      name: 'Terjadwal',
      accountIds: [accountId],
      phoneNumbers: '081344440001',
      message: { type: 'text', text: 'Selamat pagi' },
      scheduledAt: at.toISOString(),
    });
    expect(api.publicationStateLabel(created.state)).toBe('Dijadwalkan');
    await drainJobs(t);
    expect((await getBroadcast(token, created._id)).counts.sent).toBe(0);
    t.clock.advance(3600_000 + 1000);
    await deliverAll();
    const done = await getBroadcast(token, created._id);
    expect(done.state).toBe('finish');
    expect(done.startedAt).toBe(new Date(t.clock.now().getTime() - 1000).toISOString());
    expect(done.counts.sent).toBe(1);
  });

  it("pauses, resumes where it stopped, and a stop skips the rest as 'Dibatalkan'", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const phones = Array.from({ length: 5 }, (_, i) => `08135555000${i + 1}`).join('\n');
    const created = await create(token, {
      name: 'Jeda',
      accountIds: [accountId],
      phoneNumbers: phones,
      message: { type: 'text', text: 'Info stok' },
    });
    const paused = json(
      await req('POST', `/publication/broadcast/${created._id}/pause`, token),
      api.broadcast,
    );
    expect(api.publicationStateLabel(paused.state)).toBe('Dijeda');
    await drainJobs(t);
    expect((await getBroadcast(token, created._id)).counts.pending).toBe(5);
    expect((await req('POST', `/publication/broadcast/${created._id}/pause`, token)).statusCode).toBe(409);

    json(await req('POST', `/publication/broadcast/${created._id}/resume`, token), api.broadcast);
    await deliverAll();
    expect((await getBroadcast(token, created._id)).counts).toMatchObject({ sent: 5, pending: 0 });
    expect((await req('POST', `/publication/broadcast/${created._id}/stop`, token)).statusCode).toBe(409);

    const second = await create(token, {
      name: 'Berhenti',
      accountIds: [accountId],
      phoneNumbers: phones,
      message: { type: 'text', text: 'Info' },
    });
    const stopped = json(
      await req('POST', `/publication/broadcast/${second._id}/stop`, token),
      api.broadcast,
    );
    expect(stopped.state).toBe('finish');
    expect(stopped.counts).toMatchObject({ pending: 0, skipped: 5, sent: 0 });
    const rows = await recipientsOf(token, second._id, '?state=skipped');
    expect(rows.docs.map((r) => r.reason)).toEqual(Array(5).fill(M.reasonCancelled));
    await deliverAll();
    expect((await getBroadcast(token, second._id)).counts.sent).toBe(0);
  });

  it('counts replies within 72 hours; a stop word opts the number out of every later broadcast', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    // a customer writing before any broadcast exists: the reply listener learns the tenant is quiet,
    // and must learn otherwise as soon as a broadcast is created
    await customerSays(t.app, accountId, 'Halo, toko buka?', '6281366660001', 'Pembeli 1');
    const created = await create(token, {
      name: 'Balasan',
      accountIds: [accountId],
      phoneNumbers: '081366660001\n081366660002\n081366660003',
      message: { type: 'text', text: 'Ada promo baru' },
    });
    await deliverAll();
    await customerSays(t.app, accountId, 'Mau kak, masih ada?', '6281366660001', 'Pembeli 1');
    await customerSays(t.app, accountId, 'stop', '6281366660002', 'Pembeli 2');
    t.clock.advance(73 * 3600_000);
    await customerSays(t.app, accountId, 'halo lagi', '6281366660003', 'Pembeli 3');
    const after = await getBroadcast(token, created._id);
    expect(after.counts).toMatchObject({ replied: 1, optedOut: 1 });
    const list = json(await req('GET', '/publication/opt-out', token), api.optOutPage);
    expect(list.docs).toEqual([expect.objectContaining({ phoneNumber: '6281366660002', source: 'reply' })]);

    const next = await create(token, {
      name: 'Berikutnya',
      accountIds: [accountId],
      phoneNumbers: '081366660001\n081366660002',
      message: { type: 'text', text: 'Promo lagi' },
    });
    expect(next.counts).toMatchObject({ total: 2, pending: 1, skipped: 1, optedOut: 1 });
    // the first broadcast finished over 72 hours ago; a reply to the new one still counts
    await deliverAll();
    await customerSays(t.app, accountId, 'Boleh, kirim katalognya', '6281366660001', 'Pembeli 1');
    expect((await getBroadcast(token, next._id)).counts).toMatchObject({ replied: 1 });
    const skipped = await recipientsOf(token, next._id, '?state=skipped');
    expect(skipped.docs).toEqual([
      expect.objectContaining({ phoneNumber: '6281366660002', reason: M.reasonOptedOut }),
    ]);

    // the owner edits the list and the stop words
    json(await req('DELETE', `/publication/opt-out/${list.docs[0]!._id}`, token), api.messageResponse);
    expect(json(await req('GET', '/publication/opt-out', token), api.optOutPage).docs).toHaveLength(0);
    expect(
      json(await req('PUT', '/publication/stop-words', token, { words: ['cukup', 'STOP'] }), api.stopWords)
        .words,
    ).toEqual(['CUKUP', 'STOP']);
    await customerSays(t.app, accountId, 'Cukup!', '6281366660009', 'Pembeli 9');
    expect(
      json(await req('GET', '/publication/opt-out', token), api.optOutPage).docs.map((o) => o.phoneNumber),
    ).toEqual(['6281366660009']);
  });

  it('brings the database statistics up to date after writing over a thousand new chats', async () => {
    // a plan cached for the table as it was would read every chat of the tenant for each inbox page
    const { token, accountId } = await ownerWithSandbox(t.app);
    const chatEstimate = async () => {
      const result = (await t.ctx.db.execute(
        sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = to_regclass('chats')`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    const before = await chatEstimate();
    const phones = Array.from({ length: 1200 }, (_, i) => `0813777${String(i + 1).padStart(5, '0')}`);
    await create(token, {
      name: 'Besar',
      accountIds: [accountId],
      phoneNumbers: phones.join('\n'),
      message: { type: 'text', text: 'Halo' },
    });
    await drainJobs(t);
    let after = before;
    for (let i = 0; i < 100 && after < before + 1000; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await chatEstimate();
    }
    expect(after).toBeGreaterThanOrEqual(before + 1000);
  });

  it("keeps tenants apart and is the owner's alone", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const created = await create(a.token, {
      name: 'Rahasia A',
      accountIds: [a.accountId],
      phoneNumbers: '081377770001',
      message: { type: 'text', text: 'A' },
    });
    for (const [method, url] of [
      ['GET', `/publication/broadcast/${created._id}`],
      ['GET', `/publication/broadcast/${created._id}/recipient`],
      ['POST', `/publication/broadcast/${created._id}/pause`],
      ['POST', `/publication/broadcast/${created._id}/resume`],
      ['POST', `/publication/broadcast/${created._id}/stop`],
    ] as const)
      expect((await req(method, url, b.token)).statusCode, url).toBe(404);
    expect(json(await req('GET', '/publication/broadcast', b.token), api.broadcastPage).docs).toHaveLength(0);
    // B cannot send from A's number
    const res = await req('POST', '/publication/broadcast', b.token, {
      name: 'X',
      accountIds: [a.accountId],
      phoneNumbers: '081377770002',
      message: { type: 'text', text: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const agent = await agentFor(t, a.token, 'Dewi');
    const refused = await req('GET', '/publication/broadcast', agent.token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused, api.apiErrorBody).message).toBe(M.ownerOnly);
    expect((await req('GET', `/publication/broadcast/${created._id}`, agent.token)).statusCode).toBe(403);
    expect((await req('GET', '/publication/opt-out', agent.token)).statusCode).toBe(403);
    expect((await req('GET', '/publication/broadcast', 'bukan-token')).statusCode).toBe(401);
  });

  it('pauses when every sender is disconnected, with the reason', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    await t.ctx.db.update(accounts).set({ status: 'disconnected' }).where(eq(accounts.id, accountId));
    const created = await create(token, {
      name: 'Putus',
      accountIds: [accountId],
      phoneNumbers: '081388880001',
      message: { type: 'text', text: 'x' },
    });
    await drainJobs(t);
    const after = await getBroadcast(token, created._id);
    expect(after.state).toBe('paused');
    expect(after.pausedReason).toBe(M.reasonDisconnected);
    await t.ctx.db.update(accounts).set({ status: 'connected' }).where(eq(accounts.id, accountId));
    json(await req('POST', `/publication/broadcast/${created._id}/resume`, token), api.broadcast);
    await deliverAll();
    expect((await getBroadcast(token, created._id)).counts.sent).toBe(1);
    const [row] = await t.ctx.db
      .select()
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.broadcastId, created._id)));
    expect(row?.state).toBe('unread');
  });

  it('skips numbers not on WhatsApp, and a restricted number (463) pauses its broadcasts and mails the owner', async () => {
    const { token, accountId, input } = await ownerWithSandbox(t.app);
    const created = await create(token, {
      name: 'Nomor Baru',
      accountIds: [accountId],
      // the simulator's numbers ending in 0000 are not on WhatsApp
      phoneNumbers: '081399990000\n081399990001',
      message: { type: 'text', text: 'Halo' },
    });
    await deliverAll();
    const after = await getBroadcast(token, created._id);
    expect(after.counts).toMatchObject({ skipped: 1, sent: 1, pending: 0 });
    expect((await recipientsOf(token, created._id, '?state=skipped')).docs).toEqual([
      expect.objectContaining({ phoneNumber: '6281399990000', reason: M.reasonNotOnWhatsapp }),
    ]);

    const restricted = await req('PUT', `/sandbox/account/${accountId}/restricted`, token, {
      restricted: true,
    });
    expect(restricted.statusCode, restricted.body).toBe(200);
    const blocked = await create(token, {
      name: 'Dibatasi',
      accountIds: [accountId],
      phoneNumbers: '081399990002\n081399990003\n081399990004',
      message: { type: 'text', text: 'Promo' },
    });
    await deliverAll();
    const paused = await getBroadcast(token, blocked._id);
    expect(paused.state).toBe('paused');
    expect(paused.pausedReason).toBe(M.reasonRestricted.replace('{code}', '463'));
    // the refused message failed; nothing after it was retried or sent
    expect(paused.counts.failed).toBeGreaterThanOrEqual(1);
    expect(paused.counts.sent).toBe(0);
    const mails = await devMailbox(t.app);
    expect(
      mails.some(
        (m) =>
          m.to === input.email && m.subject === 'Broadcast dijeda otomatis' && m.text.includes('Dibatasi'),
      ),
    ).toBe(true);
  });

  it("a failed recipient's message sent again from the chat ('Kirim ulang') counts as sent, once", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const created = await create(token, {
      name: 'Kirim Ulang',
      accountIds: [accountId],
      phoneNumbers: '081377770001\n081377770002',
      message: { type: 'text', text: 'Stok baru sudah datang' },
    });
    await deliverAll();
    const [failing] = (await recipientsOf(token, created._id)).docs;
    // the channel reports the first one failed after all
    await applyStatus(t.ctx, { messageId: failing!._id }, 'error', 'koneksi terputus');
    expect((await getBroadcast(token, created._id)).counts).toMatchObject({ sent: 1, failed: 1, pending: 0 });
    expect((await recipientsOf(token, created._id)).docs[0]).toMatchObject({ state: 'failed' });

    const retried = await req('POST', `/chat/${failing!.chatId}/message/${failing!._id}/retry`, token);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await getBroadcast(token, created._id)).counts).toMatchObject({ sent: 1, failed: 0, pending: 1 });
    expect((await recipientsOf(token, created._id)).docs[0]).toMatchObject({
      state: 'pending',
      reason: null,
    });

    await deliverAll();
    const done = await getBroadcast(token, created._id);
    expect(done.state).toBe('finish');
    // (the simulated phone had it already: it sends no second receipt)
    expect(done.counts).toMatchObject({ total: 2, sent: 2, failed: 0, pending: 0 });
    expect((await recipientsOf(token, created._id)).docs[0]).toMatchObject({ state: 'sent', reason: null });
    // one message for that recipient
    const stored = await t.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.chatId, failing!.chatId!));
    expect(stored).toHaveLength(1);
  });
});
