import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  temporaryId,
  WEBHOOK_VERIFY_SNIPPET,
  WHATSAPP_MESSAGES,
  webhookDeliveryPage,
  webhookEvent,
  webhookSaveResponse,
  webhookSecretResponse,
  webhookSettingsResponse,
  type WebhookDelivery,
  type WebhookEvent,
} from '@sapa/contracts';
import { webhookEndpoints, webhookEvents } from '../../db/schema';
import { seal } from '../../lib/secret-box';
import { listDevMail } from '../mail/mailer';
import { agentFor, customerSays, drainJobs, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { WebhookPoster } from './deliver';
import { recoverReceivedEvents } from './sources';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every POST and answers with `status` (changeable). */
async function receiver() {
  const state = { status: 200, received: [] as Received[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    port,
    url: `http://127.0.0.1:${port}/hooks/sapa`,
    events: () => state.received.map((r) => webhookEvent.parse(JSON.parse(r.body)) as WebhookEvent),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documentation's verification snippet, as written there, loaded as a module. */
async function documentedVerifier() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-verify-'));
  const file = path.join(dir, 'verify.mjs');
  fs.writeFileSync(file, WEBHOOK_VERIFY_SNIPPET);
  const mod = (await import(pathToFileURL(file).href)) as {
    verifySapaWebhook: (raw: string, header: string, secret: string, tolerance?: number) => unknown;
  };
  return mod.verifySapaWebhook;
}

// the test clock stands in March 2026: the snippet's 5-minute check is widened for it
const TOLERANCE = 10 * 365 * 24 * 3600;

describe('webhooks: settings and SSRF refusals (issue 26, default config)', () => {
  const { t, get, call } = useTestApp();

  it('refuses private, loopback, link-local and malformed URLs, storing nothing', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const cases: [string, string][] = [
      ['http://127.0.0.1:8080/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://10.1.2.3/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://192.168.1.10/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.urlPrivate],
      ['http://[::1]:3000/', WEBHOOK_MESSAGES.urlPrivate],
      ['http://[::ffff:127.0.0.1]/', WEBHOOK_MESSAGES.urlPrivate],
      ['http://localhost:3000/', WEBHOOK_MESSAGES.urlPrivate],
      ['http://0.0.0.0/', WEBHOOK_MESSAGES.urlPrivate],
      ['ftp://example.com/x', WEBHOOK_MESSAGES.urlInvalid],
      ['bukan url', WEBHOOK_MESSAGES.urlInvalid],
      ['https://user:pass@example.com/', WEBHOOK_MESSAGES.urlCredentials],
      ['https://tidak-ada.invalid/hook', WEBHOOK_MESSAGES.urlUnresolvable],
    ];
    for (const [url, message] of cases) {
      const res = await call('PUT', `/api/account/whatsapp/${accountId}/webhook`, token, { url });
      expect(res.statusCode, url).toBe(400);
      expect(json<{ fields: Record<string, string> }>(res).fields.url, url).toBe(message);
    }
    const now = json(await get(`/api/account/whatsapp/${accountId}/webhook`, token), webhookSettingsResponse);
    expect(now.webhook).toBeNull();
  });

  it('checks the address again when connecting: a name now resolving to loopback gets nothing', async () => {
    const hook = await receiver();
    try {
      const { token, accountId } = await ownerWithSandbox(t.app);
      // stored as if the name had pointed elsewhere when it was saved (DNS rebinding)
      const ownerId = (await get('/api/user', token)).json<{ _id: string }>()._id;
      await t.ctx.db.insert(webhookEndpoints).values({
        accountId,
        ownerId,
        url: `http://localhost:${hook.port}/hook`,
        secretSealed: seal(t.ctx.config, 'whsec_test'),
      });
      await customerSays(t.app, accountId, 'Halo');
      await t.ctx.webhooks.runDue();
      expect(hook.state.received).toHaveLength(0);
      const log = json(
        await get(`/api/account/whatsapp/${accountId}/webhook/deliveries`, token),
        webhookDeliveryPage,
      );
      expect(log.docs[0]).toMatchObject({
        type: 'message.received',
        status: 'pending',
        attempts: 1,
        lastStatusCode: null,
        lastError: WEBHOOK_MESSAGES.blockedTarget,
      });
      // and a literal loopback address likewise, without any lookup
      const poster = new WebhookPoster({ allowPrivate: false, timeoutMs: 2000 });
      const outcome = await poster.post(`http://127.0.0.1:${hook.port}/`, '{}', {});
      poster.close();
      expect(outcome).toMatchObject({ ok: false, reason: 'blocked' });
      expect(hook.state.received).toHaveLength(0);
    } finally {
      await hook.close();
    }
  });

  it("is the owner's alone: an agent is refused, another tenant's number is not found", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const agent = await agentFor(t, a.token, 'Agen Webhook');
    const agentRes = await get(`/api/account/whatsapp/${a.accountId}/webhook`, agent.token);
    expect(agentRes.statusCode).toBe(403);
    expect(agentRes.json<{ message: string }>().message).toBe(WHATSAPP_MESSAGES.ownerOnly);
    for (const [method, url] of [
      ['GET', `/api/account/whatsapp/${a.accountId}/webhook`],
      ['PUT', `/api/account/whatsapp/${a.accountId}/webhook`],
      ['POST', `/api/account/whatsapp/${a.accountId}/webhook/rotate-secret`],
      ['GET', `/api/account/whatsapp/${a.accountId}/webhook/deliveries`],
      ['DELETE', `/api/account/whatsapp/${a.accountId}/webhook`],
    ] as const) {
      const res = await call(method, url, b.token, method === 'PUT' ? { url: 'https://example.com/h' } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('webhooks: delivery (issue 26, private targets allowed by the operator)', () => {
  const { t, get, call } = useTestApp({
    env: { SAPA_WEBHOOK_ALLOW_PRIVATE: '1', SAPA_WEBHOOK_RETRY_BASE_MS: '1000' },
  });
  let hook: Awaited<ReturnType<typeof receiver>>;
  let verify: Awaited<ReturnType<typeof documentedVerifier>>;

  beforeAll(async () => {
    hook = await receiver();
    verify = await documentedVerifier();
  });
  afterAll(async () => {
    await hook.close();
  });

  async function numberWithWebhook() {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const res = await call('PUT', `/api/account/whatsapp/${accountId}/webhook`, token, { url: hook.url });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json(res, webhookSaveResponse);
    expect(saved.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    return { token, accountId, secret: saved.secret! };
  }

  async function deliveries(token: string, accountId: string): Promise<WebhookDelivery[]> {
    const res = await get(`/api/account/whatsapp/${accountId}/webhook/deliveries?limit=100`, token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res, webhookDeliveryPage).docs;
  }

  it('POSTs a customer message signed with the secret, verifiable by the documented snippet', async () => {
    hook.state.received.length = 0;
    hook.state.status = 200;
    const { token, accountId, secret } = await numberWithWebhook();
    // the secret is shown once: a later save does not show it again, and it is not stored readable
    const again = json(
      await call('PUT', `/api/account/whatsapp/${accountId}/webhook`, token, { url: hook.url }),
      webhookSaveResponse,
    );
    expect(again.secret).toBeNull();
    const [stored] = await t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId));
    expect(stored!.secretSealed).not.toContain(secret.slice(6));

    const inbound = await customerSays(t.app, accountId, 'Halo, stok ada?', '6281111111111', 'Sari');
    await t.ctx.webhooks.runDue();
    expect(hook.state.received).toHaveLength(1);
    const [got] = hook.state.received;
    const header = String(got!.headers['sapa-signature']);
    const event = verify(got!.body, header, secret, TOLERANCE) as WebhookEvent;
    expect(event).toMatchObject({
      type: 'message.received',
      accountId,
      data: {
        chat: { id: inbound.chatId, phone: '6281111111111', name: 'Sari' },
        message: { _id: inbound.messageId, text: 'Halo, stok ada?', isFromMe: false },
      },
    });
    expect(got!.headers['sapa-event-id']).toBe(event.id);
    // another secret, or a changed body, does not verify
    expect(() => verify(got!.body, header, 'whsec_lain', TOLERANCE)).toThrow('signature mismatch');
    expect(() => verify(got!.body.replace('stok', 'stock'), header, secret, TOLERANCE)).toThrow();
    // outside the 5 minutes (the snippet's own default) against the real clock: refused as too old
    expect(() => verify(got!.body, header, secret)).toThrow('signature too old');

    const [row] = await deliveries(token, accountId);
    expect(row).toMatchObject({ _id: event.id, status: 'delivered', attempts: 1, lastStatusCode: 200 });
  });

  it('records message.received again at a start when a stop lost it: once, and never twice for one recorded live', async () => {
    hook.state.received.length = 0;
    hook.state.status = 200;
    const { token, accountId } = await numberWithWebhook();
    await customerSays(t.app, accountId, 'Pesan tercatat', '6281333333331');
    // a stop between the message's commit and its event: the webhook's listener never heard of it
    const listeners = [...t.ctx.chatHooks.inboundListeners];
    t.ctx.chatHooks.inboundListeners.length = 0;
    try {
      await customerSays(t.app, accountId, 'Pesan hilang', '6281333333332');
    } finally {
      t.ctx.chatHooks.inboundListeners.push(...listeners);
    }
    expect((await deliveries(token, accountId)).filter((d) => d.type === 'message.received')).toHaveLength(1);

    expect(await recoverReceivedEvents(t.ctx)).toBe(1);
    expect(await recoverReceivedEvents(t.ctx)).toBe(0);
    await t.ctx.webhooks.runDue();
    const texts = hook
      .events()
      .flatMap((e) =>
        e.accountId === accountId && e.type === 'message.received' ? [e.data.message.text] : [],
      );
    expect(texts.sort()).toEqual(['Pesan hilang', 'Pesan tercatat']);
  });

  it('reports the statuses of replies in order: sent, delivered; failed with its reason', async () => {
    hook.state.received.length = 0;
    hook.state.status = 200;
    const { token, accountId } = await numberWithWebhook();
    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281222222222');
    const reply = async (text: string) => {
      const sent = await call('POST', `/api/chat/${chatId}/message`, token, {
        type: 'text',
        text,
        temporaryId: temporaryId(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json<{ _id: string }>()._id;
    };
    const okId = await reply('Ada kak');
    for (let i = 0; i < 4; i++) {
      await drainJobs(t);
      t.clock.advance(5000);
      await t.ctx.webhooks.runDue();
    }
    // the sandbox's customer cannot receive a text with #gagal: the send fails for good
    const failedId = await reply('Ini #gagal');
    for (let i = 0; i < 4; i++) {
      await drainJobs(t);
      t.clock.advance(5000);
      await t.ctx.webhooks.runDue();
    }
    const events = hook.events().filter((e) => e.accountId === accountId);
    expect(events.map((e) => e.type)).toEqual([
      'message.received',
      'message.status',
      'message.status',
      'message.status',
    ]);
    const statuses = events.flatMap((e) => (e.type === 'message.status' ? [e.data] : []));
    expect(statuses.map((s) => [s.messageId, s.status])).toEqual([
      [okId, 'sent'],
      [okId, 'delivered'],
      [failedId, 'failed'],
    ]);
    expect(statuses.every((s) => s.chatId === chatId)).toBe(true);
    expect(statuses[2]!.error).toBeTruthy();
    expect(statuses[0]!.error).toBeNull();
  });

  it('delivers a burst of customers writing at once: every message once, each chat in its order, all logged', async () => {
    hook.state.received.length = 0;
    hook.state.status = 200;
    const { token, accountId, secret } = await numberWithWebhook();
    const phones = ['6281444444401', '6281444444402', '6281444444403', '6281444444404'];
    // the customers write at the same time, each their three messages one after another
    await Promise.all(
      phones.map(async (phone) => {
        for (const n of [1, 2, 3]) await customerSays(t.app, accountId, `Pesan ${n} dari ${phone}`, phone);
      }),
    );
    // a chat's next event goes once its earlier one is answered: a round each
    for (let i = 0; i < 4; i++) await t.ctx.webhooks.runDue();
    const mine = hook.state.received.filter(
      (r) => (JSON.parse(r.body) as { accountId: string }).accountId === accountId,
    );
    for (const r of mine) verify(r.body, String(r.headers['sapa-signature']), secret, TOLERANCE);
    const texts = mine.map((r) => {
      const event = webhookEvent.parse(JSON.parse(r.body)) as WebhookEvent;
      return event.type === 'message.received' ? event.data.message.text : '';
    });
    expect(texts).toHaveLength(12);
    for (const phone of phones)
      expect(texts.filter((text) => text.endsWith(phone))).toEqual(
        [1, 2, 3].map((n) => `Pesan ${n} dari ${phone}`),
      );
    const log = await deliveries(token, accountId);
    expect(log).toHaveLength(12);
    expect(log.every((d) => d.status === 'delivered' && d.attempts === 1 && d.lastStatusCode === 200)).toBe(
      true,
    );
  });

  it('retries a failing receiver with backoff, keeps a chat in order, and delivers once it answers', async () => {
    hook.state.received.length = 0;
    hook.state.status = 500;
    const { token, accountId } = await numberWithWebhook();
    const mine = () =>
      hook.state.received.filter(
        (r) => (JSON.parse(r.body) as { accountId: string }).accountId === accountId,
      );
    await customerSays(t.app, accountId, 'Pertama', '6281333333333');
    await customerSays(t.app, accountId, 'Kedua', '6281333333333');
    await t.ctx.webhooks.runDue();
    // only the chat's first event was tried: the second waits behind it
    expect(mine()).toHaveLength(1);
    let log = await deliveries(token, accountId);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['pending', 0, null],
      ['pending', 1, 500],
    ]);
    expect(log[1]!.lastError).toBe('HTTP 500');
    // not before its backoff (about a second, doubling)
    await t.ctx.webhooks.runDue();
    expect(mine()).toHaveLength(1);
    t.clock.advance(1200);
    await t.ctx.webhooks.runDue();
    expect(mine()).toHaveLength(2);
    t.clock.advance(2400);
    hook.state.status = 200;
    await t.ctx.webhooks.runDue();
    await t.ctx.webhooks.runDue();
    const texts = hook.events().map((e) => (e.type === 'message.received' ? e.data.message.text : ''));
    expect(texts).toEqual(['Pertama', 'Pertama', 'Pertama', 'Kedua']);
    log = await deliveries(token, accountId);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 3, 200],
    ]);
  });

  it('turns the webhook off after 24 h of failures, mails the owner, and replays from the log', async () => {
    hook.state.received.length = 0;
    hook.state.status = 503;
    const { token, accountId } = await numberWithWebhook();
    await customerSays(t.app, accountId, 'Tolong dibalas', '6281444444444');
    await t.ctx.webhooks.runDue();
    for (let hours = 0; hours < 26; hours++) {
      t.clock.advance(60 * 60_000);
      await t.ctx.webhooks.runDue();
    }
    const settings = json(
      await get(`/api/account/whatsapp/${accountId}/webhook`, token),
      webhookSettingsResponse,
    );
    expect(settings.webhook).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledReason,
    });
    const [failed] = await deliveries(token, accountId);
    expect(failed!.status).toBe('failed');
    expect(failed!.attempts).toBeGreaterThanOrEqual(8);
    expect(failed!.lastStatusCode).toBe(503);
    await drainJobs(t);
    const mail = (await listDevMail(t.ctx.db)).find((m) => m.subject.startsWith('Webhook nomor'));
    expect(mail?.text).toContain(hook.url);
    // off: new events are not recorded
    const before = hook.state.received.length;
    await customerSays(t.app, accountId, 'Saat mati', '6281444444444');
    expect(await deliveries(token, accountId)).toHaveLength(1);

    // while off, neither a replay nor a test event is taken
    for (const url of [
      `/api/account/whatsapp/${accountId}/webhook/deliveries/${failed!._id}/replay`,
      `/api/account/whatsapp/${accountId}/webhook/test`,
    ]) {
      const refused = await call('POST', url, token, {});
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(WEBHOOK_MESSAGES.enableFirst);
    }
    // on again, then the failed event replayed: same id, delivered
    hook.state.status = 200;
    const on = await call('PUT', `/api/account/whatsapp/${accountId}/webhook`, token, {
      url: hook.url,
      enabled: true,
    });
    expect(json(on, webhookSaveResponse).webhook).toMatchObject({ enabled: true, disabledReason: null });
    const replay = await call(
      'POST',
      `/api/account/whatsapp/${accountId}/webhook/deliveries/${failed!._id}/replay`,
      token,
      {},
    );
    expect(replay.statusCode, replay.body).toBe(200);
    await t.ctx.webhooks.runDue();
    expect(hook.state.received.length).toBe(before + 1);
    expect(hook.events().at(-1)!.id).toBe(failed!._id);
    const [replayed] = await deliveries(token, accountId);
    expect(replayed).toMatchObject({ _id: failed!._id, status: 'delivered', lastStatusCode: 200 });
    // another number's event id through this number: not found
    const other = await numberWithWebhook();
    const cross = await call(
      'POST',
      `/api/account/whatsapp/${other.accountId}/webhook/deliveries/${failed!._id}/replay`,
      other.token,
      {},
    );
    expect(cross.statusCode).toBe(404);
  });

  it('rotates the secret: later deliveries verify with the new one only', async () => {
    hook.state.received.length = 0;
    hook.state.status = 200;
    const { token, accountId, secret } = await numberWithWebhook();
    const rotated = json(
      await call('POST', `/api/account/whatsapp/${accountId}/webhook/rotate-secret`, token, {}),
      webhookSecretResponse,
    );
    expect(rotated.secret).not.toBe(secret);
    const test = await call('POST', `/api/account/whatsapp/${accountId}/webhook/test`, token, {});
    expect(test.statusCode, test.body).toBe(201);
    await t.ctx.webhooks.runDue();
    const [got] = hook.state.received;
    const header = String(got!.headers['sapa-signature']);
    expect((verify(got!.body, header, rotated.secret, TOLERANCE) as WebhookEvent).type).toBe('webhook.test');
    expect(() => verify(got!.body, header, secret, TOLERANCE)).toThrow('signature mismatch');
    // the header is HMAC-SHA256 over "<t>.<body>", as documented
    const [, tPart, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
    expect(createHmac('sha256', rotated.secret).update(`${tPart}.${got!.body}`).digest('hex')).toBe(v1);
  });

  it('removing the webhook removes its log; events of numbers without one are not stored', async () => {
    const { token, accountId } = await numberWithWebhook();
    await customerSays(t.app, accountId, 'Halo', '6281555555555');
    const del = await call('DELETE', `/api/account/whatsapp/${accountId}/webhook`, token, {});
    expect(del.statusCode, del.body).toBe(200);
    expect(
      await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.accountId, accountId)),
    ).toHaveLength(0);
    await customerSays(t.app, accountId, 'Lagi', '6281555555555');
    expect(
      await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.accountId, accountId)),
    ).toHaveLength(0);
  });
});
