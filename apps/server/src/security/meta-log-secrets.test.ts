import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryId } from '@sapa/contracts';
import { drainJobs } from '../../test/helpers';
import { addPage, addPerson, pagesOf, revokePage, sentTo } from '../../test/fake-graph-pages';
import { addCloudNumber, installCloud, linkCloud } from '../../test/fake-graph-cloud';
import {
  betaOwner,
  linkThroughDialog,
  loginUrl,
  messaging,
  postWebhook,
  receive,
  startMetaHarness,
  throughDialog,
  VERIFY_TOKEN,
  type MetaHarness,
} from '../../test/meta-fixture';

/**
 * Issue 25: the log of the Meta flows at trace level - Facebook Login with its state and code, the
 * Page and user tokens it gives, a Cloud API number's token, sends refused with 190, a forged webhook,
 * the webhook's verification - holds none of the secrets that went through them.
 */
const lines: string[] = [];
let h: MetaHarness;

beforeAll(async () => {
  h = await startMetaHarness({}, { logStream: { write: (line: string) => void lines.push(line) } });
  installCloud(h.fake);
});
afterAll(() => h.close());

describe('the log of the Meta channels', () => {
  it('never holds an app secret, a verify token, a login state or code, or a Page or Cloud API token', async () => {
    const owner = await betaOwner(h);
    const page = addPage(h.fake, { name: 'Toko Rahasia', instagram: { username: 'tokorahasia' } });
    const secrets: string[] = [h.fake.appSecret, VERIFY_TOKEN, page.token];

    // Facebook Login: the state in the dialog's address, the code it sends back
    const url = await loginUrl(h, owner.token, 'messenger');
    secrets.push(url.searchParams.get('state')!);
    const query = await throughDialog(h, url, { pick: [page.id] });
    secrets.push(query.code!);
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/integration/meta/callback',
      headers: { token: owner.token },
      payload: { kind: 'messenger', ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    secrets.push(...pagesOf(h.fake).userTokens.keys());
    await linkThroughDialog(h, owner.token, 'instagram', [page.id]);
    const accountId = (res.json() as { connected: { accountId: string }[] }).connected[0]!.accountId;

    // a customer writes, the reply goes out, then Meta refuses the Page's token (190)
    const person = addPerson(h.fake, { of: page.id, name: 'Pelanggan Rahasia' });
    await receive(
      h,
      messaging('page', page.id, [
        {
          sender: { id: person.id },
          recipient: { id: page.id },
          timestamp: h.t.clock.now().getTime(),
          message: { mid: `m_rahasia_${Date.now()}`, text: 'Halo' },
        },
      ]),
    );
    const chat = await h.t.app.inject({ method: 'GET', url: '/api/chat', headers: { token: owner.token } });
    const chatId = (chat.json() as { docs: { _id: string; accountId: string }[] }).docs.find(
      (c) => c.accountId === accountId,
    )!._id;
    const send = (text: string) =>
      h.t.app.inject({
        method: 'POST',
        url: `/api/chat/${chatId}/message`,
        headers: { token: owner.token },
        payload: { type: 'text', text, temporaryId: temporaryId() },
      });
    expect((await send('Balasan pertama')).statusCode).toBe(200);
    await drainJobs(h.t);
    expect(sentTo(h.fake, page.id).length).toBeGreaterThan(0);
    revokePage(h.fake, page.id);
    expect((await send('Balasan ditolak')).statusCode).toBe(200);
    await drainJobs(h.t);

    // a Cloud API number linked with its token, and a wrong token refused
    const number = addCloudNumber(h.fake);
    secrets.push(number.token);
    await linkCloud(h.t.app, owner.token, number);
    const wrong = `EAAGsalah${'x'.repeat(30)}`;
    secrets.push(wrong);
    const refused = await h.t.app.inject({
      method: 'POST',
      url: '/api/account/whatsapp-cloud',
      headers: { token: owner.token },
      payload: {
        labelName: 'Salah',
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        token: wrong,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain(wrong);

    // the webhook: its verification (the token in the query) and a forged delivery
    const verified = await h.t.app.inject({
      method: 'GET',
      url: `/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=12345`,
    });
    expect(verified.body).toBe('12345');
    expect((await postWebhook(h, { object: 'page', entry: [] }, 'sha256=' + '0'.repeat(64))).statusCode).toBe(
      401,
    );

    expect(lines.length).toBeGreaterThan(20);
    const log = lines.join('');
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 6)}…`).not.toContain(secret);
  });
});
