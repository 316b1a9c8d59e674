import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  customerSays,
  json,
  newOwner,
  ownerWithSandbox,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

describe('sandbox on (the embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists sandbox accounts, shows the customer their conversation, refuses bad input', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const accounts = json<{ docs: { _id: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts' }),
    );
    expect(accounts.docs.map((a) => a._id)).toContain(accountId);

    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281255550000');
    await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { temporaryId: 'z'.repeat(20), text: 'Halo juga' },
    });
    const conversation = json<{ chatId: string; messages: { text: string; isFromMe: boolean }[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/sandbox/conversation?accountId=${accountId}&phoneNumber=6281255550000`,
      }),
    );
    expect(conversation.chatId).toBe(chatId);
    expect(conversation.messages.map((m) => [m.text, m.isFromMe])).toEqual([
      ['Halo', false],
      ['Halo juga', true],
    ]);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      payload: { accountId, phoneNumber: '0812', name: '', text: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toMatchObject({
      phoneNumber: 'Nomor Telepon tidak valid',
      text: 'Teks tidak valid',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      payload: { accountId: 'tidak-ada', phoneNumber: '6281255550000', name: 'X', text: 'Y' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sandbox off (SAPA_SANDBOX=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SAPA_SANDBOX: '0' } });
  });
  afterAll(() => t.close());

  it('has no simulator API and gives new owners no sandbox account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sandbox/inbound', payload: {} })).statusCode,
    ).toBe(404);
    const { token } = await registerOwner(t.app, newOwner());
    const accounts = json<{ docs: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/api/account', headers: { token } }),
    );
    expect(accounts.docs).toEqual([]);
  });
});
