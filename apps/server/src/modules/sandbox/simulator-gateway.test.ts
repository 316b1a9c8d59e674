import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, customerSays, json, ownerWithSandbox, type TestApp } from '../../../test/helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('simulator socket', () => {
  it("pushes the business's messages whole: type, quote and media object", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const phone = '6281277770001';
    const { chatId, messageId } = await customerSays(t.app, accountId, 'Alamat tokonya di mana?', phone);

    const socket = new WebSocket(`${base}/ws/sandbox?accountId=${accountId}&phoneNumber=${phone}`);
    const frames: { type: string; message: Record<string, unknown> }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(JSON.parse(String(data)) as string)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: {
        temporaryId: 'L'.repeat(20),
        type: 'location',
        text: '',
        location: { latitude: -6.175392, longitude: 106.827153, name: 'Monas', address: 'Gambir, Jakarta' },
        quotedMessageId: messageId,
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const sentId = json<{ _id: string }>(sent)._id;

    await until(() => frames.some((f) => f.message._id === sentId));
    const frame = frames.find((f) => f.message._id === sentId)!;
    expect(frame.type).toBe('sandbox.message');
    expect(frame.message).toMatchObject({
      type: 'location',
      isFromMe: true,
      location: { latitude: -6.175392, longitude: 106.827153, name: 'Monas', address: 'Gambir, Jakarta' },
      quoted: { messageId, isFromMe: false, type: 'text', text: 'Alamat tokonya di mana?' },
    });
    socket.close();
  });
});
