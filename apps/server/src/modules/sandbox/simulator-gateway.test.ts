import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { customerSays, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { openSocket, until } from '../../../test/sockets';

const { t } = useTestApp({ listen: true });

describe('simulator socket', () => {
  it("pushes the business's messages whole: type, quote and media object", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const phone = '6281277770001';
    const { chatId, messageId } = await customerSays(t.app, accountId, 'Alamat tokonya di mana?', phone);

    const frames: { type: string; message: Record<string, unknown> }[] = [];
    const socket = await openSocket(
      `${t.base}/ws/sandbox?accountId=${accountId}&phoneNumber=${phone}&token=${token}`,
      (data) => frames.push(JSON.parse(JSON.parse(String(data)) as string)),
    );

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
    const sentId = json(sent, api.message)._id;

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
