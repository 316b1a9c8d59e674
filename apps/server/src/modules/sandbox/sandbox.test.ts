import * as api from '@sapa/contracts';
import { readFileSync } from 'node:fs';
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
    const accounts = json(
      await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts', headers: { token } }),
      api.sandboxAccountList,
    );
    expect(accounts.docs.map((a) => a._id)).toContain(accountId);

    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281255550000');
    await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { temporaryId: 'z'.repeat(20), text: 'Halo juga' },
    });
    const conversation = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/sandbox/conversation?accountId=${accountId}&phoneNumber=6281255550000`,
        headers: { token },
      }),
      api.sandboxConversation,
    );
    expect(conversation.chatId).toBe(chatId);
    expect(conversation.messages.map((m) => [m.text, m.isFromMe])).toEqual([
      ['Halo', false],
      ['Halo juga', true],
    ]);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: { accountId, phoneNumber: '0812', name: '', text: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad, api.apiErrorBody).fields).toMatchObject({
      phoneNumber: 'Nomor Telepon tidak valid',
      text: 'Teks tidak valid',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: { accountId: 'tidak-ada', phoneNumber: '6281255550000', name: 'X', text: 'Y' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('simulated time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a customer message can be dated in the past (never in the future), for the Instagram window', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const say = (sentAt: string, phoneNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/inbound',
        headers: { token },
        payload: { accountId, phoneNumber, name: 'Lama', text: 'Halo', sentAt },
      });
    const now = t.clock.now().getTime();
    const old = json(
      await say(new Date(now - 25 * 3600_000).toISOString(), '6281200000001'),
      api.sandboxInboundResponse,
    );
    const future = json(
      await say(new Date(now + 3600_000).toISOString(), '6281200000002'),
      api.sandboxInboundResponse,
    );
    const oldChat = json(
      await t.app.inject({ method: 'GET', url: `/api/chat/${old.chatId}`, headers: { token } }),
      api.chat,
    );
    expect(Date.parse(oldChat.fromSenderAt!)).toBe(now - 25 * 3600_000);
    const futureChat = json(
      await t.app.inject({ method: 'GET', url: `/api/chat/${future.chatId}`, headers: { token } }),
      api.chat,
    );
    expect(Date.parse(futureChat.fromSenderAt!)).toBe(now);
  });
});

describe('simulator uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a customer sends a PDF: uploaded into the business media, then delivered as a document', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const pdf = readFileSync(new URL('../../../../../e2e/fixtures/katalog.pdf', import.meta.url));
    const boundary = 'sapaboundary0123';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="katalog.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/media?accountId=${accountId}`,
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode).toBe(200);
    const file = json(upload, api.uploadedMedia);
    expect(file).toMatchObject({ mimetype: 'application/pdf', name: 'katalog.pdf' });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: {
        accountId,
        phoneNumber: '6281255551111',
        name: 'Rudi',
        type: 'document',
        document: { url: file.url },
      },
    });
    expect(sent.statusCode).toBe(201);
    const { chatId } = json(sent, api.sandboxInboundResponse);
    const history = json(
      await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}/message`, headers: { token } }),
      api.messagePage,
    );
    expect(history.docs[0]).toMatchObject({ type: 'document', document: { name: 'katalog.pdf', size: 1 } });
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);

    // a JSON body is not an upload, and an unknown account stores nothing
    const notFile = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/media?accountId=${accountId}`,
      headers: { token },
      payload: { file: 'x' },
    });
    expect(notFile.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/media?accountId=tidak-ada',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
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
    const accounts = json(
      await t.app.inject({ method: 'GET', url: '/api/account', headers: { token } }),
      api.accountPage,
    );
    expect(accounts.docs).toEqual([]);
  });
});
