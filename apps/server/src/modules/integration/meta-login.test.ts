import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  INTEGRATION_MESSAGES as M,
  loginResponse,
  metaIntegrationInfo as infoSchema,
} from '@sapa/contracts';
import { metaOauthStates } from '../../db/schema';
import { agentFor, createTestApp, json, registerOwner } from '../../../test/helpers';
import { addPage } from '../../../test/fake-graph-pages';
import {
  betaOwner,
  loginUrl,
  postCallback,
  startMetaHarness,
  throughDialog,
  type MetaHarness,
} from '../../../test/meta-fixture';
import type { AppContext } from '../../context';
import { metaProblem } from './info';

let h: MetaHarness;
let owner: { token: string; ownerId: string };

beforeAll(async () => {
  h = await startMetaHarness({ META_LOGIN_CONFIG_ID: '998877' });
  owner = await betaOwner(h);
  addPage(h.fake, { name: 'Toko Kue Sari', instagram: { username: 'tokokuesari' } });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('GET /integration/meta', () => {
  it('says the Meta app is set up, to the owner and to agents', async () => {
    const res = await h.t.app.inject({
      method: 'GET',
      url: '/api/integration/meta',
      headers: { token: owner.token },
    });
    expect(json(res, infoSchema)).toEqual({ configured: true, problem: null, embeddedSignup: false });
    const agent = await agentFor(h.t, owner.token, 'Agen Meta');
    const asAgent = await h.t.app.inject({
      method: 'GET',
      url: '/api/integration/meta',
      headers: { token: agent.token },
    });
    expect(asAgent.statusCode).toBe(200);
    expect((await h.t.app.inject({ method: 'GET', url: '/api/integration/meta' })).statusCode).toBe(401);
  });

  it('says plainly what the operator has not set', async () => {
    const bare = await createTestApp();
    try {
      const { token } = await registerOwner(bare.app);
      const res = await bare.app.inject({ method: 'GET', url: '/api/integration/meta', headers: { token } });
      expect(json(res, infoSchema)).toEqual({
        configured: false,
        problem: M.notConfigured,
        embeddedSignup: false,
      });
      const login = await bare.app.inject({
        method: 'POST',
        url: '/api/integration/meta/login',
        headers: { token },
        payload: { kind: 'messenger' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().message).toBe(M.notConfigured);
    } finally {
      await bare.close();
    }
    // no key to seal the Page tokens with (a shared deployment without SAPA_SECRET_KEY)
    const config = { ...h.t.ctx.config, secretKey: undefined, local: false };
    expect(metaProblem({ ...h.t.ctx, config } as AppContext)).toBe(M.secretKeyMissing);
  });
});

describe('POST /integration/meta/login', () => {
  it("answers the dialog's address with the kind's permissions and a state kept only as its hash", async () => {
    const url = await loginUrl(h, owner.token, 'instagram');
    expect(`${url.origin}${url.pathname}`).toBe(`${h.fake.url}/v25.0/dialog/oauth`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(h.fake.appId);
    expect(q.get('redirect_uri')).toBe(`${h.t.ctx.config.publicUrl}/user/integration/instagram/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('config_id')).toBe('998877');
    expect(q.get('scope')!.split(',')).toEqual(
      expect.arrayContaining([
        'pages_show_list',
        'pages_messaging',
        'pages_manage_metadata',
        'instagram_basic',
        'instagram_manage_messages',
      ]),
    );
    const state = q.get('state')!;
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);
    const rows = await h.t.ctx.db
      .select()
      .from(metaOauthStates)
      .where(eq(metaOauthStates.ownerId, owner.ownerId));
    const row = rows.find((r) => r.stateHash === sha256(state))!;
    expect(row).toMatchObject({ kind: 'instagram', usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(row.expiresAt.getTime() - h.t.clock.now().getTime()).toBe(10 * 60 * 1000);

    const messenger = await loginUrl(h, owner.token, 'messenger');
    expect(messenger.searchParams.get('scope')).not.toContain('instagram');
    expect(messenger.searchParams.get('redirect_uri')).toMatch(/\/user\/integration\/messenger\/callback$/);
  });

  it('is the owner’s: agents, non-beta owners, owners without a subscription and the Cloud API without a config are refused', async () => {
    const agent = await agentFor(h.t, owner.token, 'Agen Penaut');
    const post = (token: string, kind = 'messenger') =>
      h.t.app.inject({
        method: 'POST',
        url: '/api/integration/meta/login',
        headers: { token },
        payload: { kind },
      });
    expect((await post(agent.token)).statusCode).toBe(403);
    const plain = await betaOwner(h, { beta: false });
    const refused = await post(plain.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCESS_MESSAGES['access.betaOnly']);
    const unpaid = await betaOwner(h, { trial: false });
    expect((await post(unpaid.token)).statusCode).toBe(402);
    const cloud = await post(owner.token, 'whatsapp-cloud');
    expect(cloud.statusCode).toBe(400);
    expect(cloud.json().message).toBe(M.notConfigured);
    expect((await post(owner.token, 'telegram')).statusCode).toBe(400);
  });
});

describe('the state', () => {
  it('is used once: a second callback with it is refused', async () => {
    const query = await throughDialog(h, await loginUrl(h, owner.token, 'messenger'));
    const first = await postCallback(h, owner.token, 'messenger', query);
    expect(first.statusCode).toBe(200);
    const again = await postCallback(h, owner.token, 'messenger', query);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.loginExpired);
  });

  it('belongs to the session, the owner and the kind that asked for it', async () => {
    const query = await throughDialog(h, await loginUrl(h, owner.token, 'messenger'));
    // the same owner signed in elsewhere
    const email = json<{ email: string }>(
      await h.t.app.inject({ method: 'GET', url: '/api/user', headers: { token: owner.token } }),
    ).email;
    const login = await h.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: email, password: 'rahasia123' },
    });
    const otherSession = json(login, loginResponse).token;
    expect((await postCallback(h, otherSession, 'messenger', query)).json().message).toBe(M.loginExpired);
    const stranger = await betaOwner(h);
    expect((await postCallback(h, stranger.token, 'messenger', query)).json().message).toBe(M.loginExpired);
    expect((await postCallback(h, owner.token, 'instagram', query)).json().message).toBe(M.loginExpired);
    // none of those used it up
    expect((await postCallback(h, owner.token, 'messenger', query)).statusCode).toBe(200);
  });

  it('expires after ten minutes', async () => {
    const query = await throughDialog(h, await loginUrl(h, owner.token, 'messenger'));
    h.t.clock.advance(10 * 60 * 1000 + 1);
    const res = await postCallback(h, owner.token, 'messenger', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.loginExpired);
  });

  it('used twice at once: exactly one call wins', async () => {
    const query = await throughDialog(h, await loginUrl(h, owner.token, 'messenger'));
    const answers = await Promise.all([
      postCallback(h, owner.token, 'messenger', query),
      postCallback(h, owner.token, 'messenger', query),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it("a refusal in Facebook's dialog is told as such, and uses the state", async () => {
    const query = await throughDialog(h, await loginUrl(h, owner.token, 'instagram'), { cancel: true });
    expect(query).toMatchObject({ error: 'access_denied', error_reason: 'user_denied' });
    const res = await postCallback(h, owner.token, 'instagram', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.permissionRefused);
    const again = await postCallback(h, owner.token, 'instagram', query);
    expect(again.json().message).toBe(M.loginExpired);
  });

  it('starts at most 30 logins in ten minutes per owner, even in a burst', async () => {
    const burster = await betaOwner(h);
    const start = () =>
      h.t.app.inject({
        method: 'POST',
        url: '/api/integration/meta/login',
        headers: { token: burster.token },
        payload: { kind: 'messenger' },
      });
    const answers = await Promise.all(Array.from({ length: 40 }, start));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const stored = await h.t.ctx.db
      .select()
      .from(metaOauthStates)
      .where(eq(metaOauthStates.ownerId, burster.ownerId));
    expect(stored).toHaveLength(30);
    // another owner is not held back by it
    expect((await loginUrl(h, owner.token, 'messenger')).searchParams.get('state')).toBeTruthy();
  });
});
