import * as api from '@sapa/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, passwordResets, sessions, users, verificationCodes } from '../db/schema';
import {
  devMailbox,
  json,
  lastCodeFor,
  newOwner,
  registerOwner,
  TEST_OPERATOR,
  useTestApp,
} from '../../test/helpers';

/**
 * Issue 18 §3: every limit holds when the attempts arrive at once, not only one after another.
 * The bursts run for real (Promise.all of injected requests) on PGlite and, in CI, PostgreSQL.
 */
const { t } = useTestApp();

const login = (identifier: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    remoteAddress: ip,
    headers,
  });

const statuses = (answers: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};

async function sessionsOf(subjectId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.subjectId, subjectId));
  return row?.n ?? 0;
}

describe('sign-in under a burst', () => {
  it('40 wrong passwords and the right one at once: at most 5 are checked, the rest wait', async () => {
    const { input } = await registerOwner(t.app);
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    const before = await sessionsOf(owner!.id);
    const ip = '10.20.0.1';
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => login(input.email, 'salah-sekali', ip)),
      login(input.email, input.password, ip),
    ]);
    const counts = statuses(answers);
    // five attempts pass the limit (wrong ones get 401, the right one may be among them), the rest 429
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(5);
    expect(counts[429]).toBe(36);
    expect(await sessionsOf(owner!.id)).toBe(before + (counts[200] ?? 0));
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(json(refused, api.apiErrorBody).message).toBe(
      'Terlalu banyak percobaan masuk. Coba lagi dalam 5 menit',
    );
  });

  it('one IP trying many accounts is stopped after 20 failures, whichever accounts', async () => {
    const ip = '10.21.0.1';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`tidakada${i}@contoh.test`, 'salah-sekali', ip)),
    );
    expect(statuses(answers)).toEqual({ 401: 20, 429: 10 });
    // another IP is not affected
    expect((await login('tidakada0@contoh.test', 'salah-sekali', '10.21.0.2')).statusCode).toBe(401);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login('tidakada99@contoh.test', 'salah-sekali', ip)).statusCode).toBe(401);
  });

  it('one account guessed from many IPs is stopped after 10 failures; its owner gets in once it passes', async () => {
    const { input } = await registerOwner(t.app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(input.email, 'salah-sekali', `10.22.${i}.1`)),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 15 });
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(input.email, input.password, '10.22.99.1')).statusCode).toBe(200);
  });

  it('successful sign-ins do not count against the IP (an office behind one address)', async () => {
    const { input } = await registerOwner(t.app);
    const ip = '10.23.0.1';
    for (let i = 0; i < 25; i++) expect((await login(input.email, input.password, ip)).statusCode).toBe(200);
  });

  it('operators are limited the same way', async () => {
    const ip = '10.24.0.1';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/admin/login',
          payload: { username: TEST_OPERATOR.username, password: 'salah-sekali' },
          remoteAddress: ip,
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 15 });
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: '1' } });

  it('trusts one hop: a client rotating its own X-Forwarded-For entries is still one IP', async () => {
    const { input } = await registerOwner(proxied.t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        proxied.t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { identifier: input.email, password: 'salah-sekali' },
          // the proxy (127.0.0.1) appended the client's real address after the client's own claims
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 7 });
    // a different real client behind the same proxy is a different IP
    const other = await proxied.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: input.email, password: input.password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('verification codes under a burst', () => {
  it("100 guesses at once at an owner's code spend its 5 tries; the right code is then refused", async () => {
    const { token, input } = await registerOwner(t.app, newOwner(), { unverified: true });
    const code = await lastCodeFor(t.app, input.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/verify',
          headers: { token },
          payload: { code: wrong },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 100 });
    const [row] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.kind, 'user'), isNull(verificationCodes.usedAt)));
    expect(row?.attempts).toBe(5);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      headers: { token },
      payload: { code },
    });
    expect(right.statusCode).toBe(400);
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(owner?.isVerified).toBe(false);
  });

  it("100 guesses at once at an agent's code, one of them right, verify at most once", async () => {
    const owner = await registerOwner(t.app);
    const person = newOwner();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/agent',
      headers: { token: owner.token },
      payload: { name: 'Agen Baru', email: person.email, phone: person.phone, password: person.password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [agentRow] = await t.ctx.db.select().from(agents).where(eq(agents.email, person.email));
    const agent = { _id: agentRow!.id };
    const code = await lastCodeFor(t.app, person.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/agent/${agent._id}/verification`,
          headers: { token: owner.token },
          payload: { code: i === 99 ? code : wrong },
        }),
      ),
    );
    const counts = statuses(answers);
    expect((counts[400] ?? 0) + (counts[200] ?? 0)).toBe(100);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    const [row] = await t.ctx.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.kind, 'agent'), eq(verificationCodes.subjectId, agent._id)));
    expect(row?.attempts).toBeLessThanOrEqual(5);
  });

  it('a burst of resends mails one new code', async () => {
    const { token, input } = await registerOwner(t.app, newOwner(), { unverified: true });
    t.clock.advance(61_000);
    const before = (await devMailbox(t.app)).filter((m) => m.to === input.email).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/user/verify/resend', headers: { token } }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 429: 19 });
    const after = (await devMailbox(t.app)).filter((m) => m.to === input.email).length;
    expect(after - before).toBe(1);
  });
});

describe('password reset requests under a burst', () => {
  it('at most 3 links a quarter-hour for one email, however many requests arrive at once', async () => {
    const { input } = await registerOwner(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password/request',
          payload: { email: input.email },
          remoteAddress: `10.30.${i}.1`,
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 3, 429: 17 });
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    const [links] = await t.ctx.db
      .select({ n: count() })
      .from(passwordResets)
      .where(eq(passwordResets.userId, owner!.id));
    expect(links?.n).toBe(3);
  });
});
