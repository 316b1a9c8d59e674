import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DisconnectReason } from 'baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WHATSAPP_MESSAGES,
  userProfile,
  webhookAccountConnection,
  webhookSaveResponse,
} from '@sapa/contracts';
import { accounts } from '../../db/schema';
import { closeError, FakeFactory, type FakeSocket } from '../../channels/whatsapp-web/fake-socket';
import type { WhatsappManager } from '../../channels/whatsapp-web/manager';
import { createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';

/** A WhatsApp Web number's connection changes reach its webhook as account.connection (issue 26). */

let t: TestApp;
let factory: FakeFactory;
let token: string;
let ownerId: string;
const bodies: string[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  factory = new FakeFactory();
  t = await createTestApp({
    env: { SAPA_WEBHOOK_ALLOW_PRIVATE: '1' },
    whatsapp: {
      socketFactory: factory.create,
      backoffMs: () => 20,
      pacing: { jitterMs: 0 },
      scanMs: 3_600_000,
    },
  });
  ({ token } = await registerOwner(t.app));
  ownerId = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    userProfile,
  )._id;
  await manager().start();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const manager = () => t.ctx.whatsapp as WhatsappManager;
const emit = (sock: FakeSocket, event: string, arg: unknown) => sock.ev.emit(event, arg);

describe('account.connection webhook events', () => {
  it('reports the number going from connected to logged out, once, with the reason', async () => {
    const [account] = await t.ctx.db
      .insert(accounts)
      .values({
        ownerId,
        type: 'whatsapp',
        provider: 'whatsapp-web',
        labelName: 'Toko',
        status: 'disconnected',
        waJid: '6281111111111@s.whatsapp.net',
        phoneNumber: '6281111111111',
        sendMinGapMs: 0,
      })
      .returning();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/account/whatsapp/${account!.id}/webhook`,
      headers: { token },
      payload: { url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    json(saved, webhookSaveResponse);

    await (manager() as unknown as { scan(): Promise<void> }).scan();
    await manager().idle();
    const sock = factory.last();
    emit(sock, 'connection.update', { connection: 'open' });
    await manager().idle();
    // the same status again (a second 'open') is no change
    emit(sock, 'connection.update', { connection: 'open' });
    await manager().idle();
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.loggedOut), date: new Date() },
    });
    await manager().idle();
    await t.ctx.webhooks.runDue();
    await t.ctx.webhooks.runDue();

    const events = bodies.map((b) => webhookAccountConnection.parse(JSON.parse(b)));
    expect(events.map((e) => [e.data.status, e.data.reason])).toEqual([
      ['connected', null],
      ['logged_out', WHATSAPP_MESSAGES.loggedOut],
    ]);
    expect(events.every((e) => e.accountId === account!.id && e.data.phoneNumber === '6281111111111')).toBe(
      true,
    );
  });
});
