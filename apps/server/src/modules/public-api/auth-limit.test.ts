import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { interpolate, PUBLIC_API_MESSAGES, resetTokenResponse } from '@sapa/contracts';
import { createTestApp, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { clientKey } from './rate-limit';

const BUDGET = 30;
const BURST = 50;
// one proxy in front: X-Forwarded-For names the client when given, else the socket's address is it
const env = { SAPA_API_AUTH_FAILURES_PER_MINUTE: String(BUDGET), TRUST_PROXY: '1' };
const { t, call } = useTestApp({ env });

/**
 * An address of this run alone: with REDIS_URL the counts live in Redis under the test clock's fixed
 * minute, seen by every run of the last two minutes.
 */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function validToken(): Promise<string> {
  const { token, accountId } = await ownerWithSandbox(t.app);
  const res = await call('PUT', `/api/account/whatsapp/${accountId}/reset-token`, token);
  return json(res, resetTokenResponse).token;
}

const chats = (
  ip: string,
  token: string | null,
  via: 'socket' | 'proxy' = 'socket',
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/chats',
    ...(via === 'socket' ? { remoteAddress: ip } : { remoteAddress: '127.0.0.1' }),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(via === 'proxy' ? { 'x-forwarded-for': ip } : {}),
    },
  });

const madeUp = () => `sapa_palsu${randomInt(1e9)}`;

function statuses(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

describe('public API: a budget of invalid tokens per client address (issue 26)', () => {
  it('answers exactly the budget of a concurrent burst of made-up tokens 401, the rest 429; then the address is refused whatever it sends until the minute ends', async () => {
    const good = await validToken();
    const ip = freshIp();
    const other = freshIp();
    const windowEnd = (Math.floor(t.clock.now().getTime() / 60_000) + 1) * 60;
    const seconds = windowEnd - Math.floor(t.clock.now().getTime() / 1000);

    const answers = await Promise.all(Array.from({ length: BURST }, () => chats(ip, madeUp())));
    expect(statuses(answers)).toEqual({ 401: BUDGET, 429: BURST - BUDGET });
    for (const res of answers) {
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      if (res.statusCode === 401) {
        expect(json(res).message).toBe(PUBLIC_API_MESSAGES.tokenInvalid);
        continue;
      }
      expect(res.headers['retry-after']).toBe(String(seconds));
      expect(json(res)).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: interpolate(PUBLIC_API_MESSAGES.authFailuresLimited, { seconds }),
      });
    }

    // blocked entirely for the window, before any lookup: a valid token and no token alike
    expect((await chats(ip, good)).statusCode).toBe(429);
    expect((await chats(ip, null)).statusCode).toBe(429);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${good}` },
      payload: { to: '6281234500001', text: 'Dari alamat yang diblokir' },
    });
    expect(send.statusCode).toBe(429);

    // another address is its own: its made-up token is 401, its valid token works
    expect((await chats(other, madeUp())).statusCode).toBe(401);
    const fine = await chats(other, good);
    expect(fine.statusCode).toBe(200);
    // the number's own budget was not touched by the refused requests
    expect(fine.headers['x-ratelimit-remaining']).toBe(String(600 - 1));

    // the next minute is new
    t.clock.advance(60_000);
    expect((await chats(ip, good)).statusCode).toBe(200);
    expect((await chats(ip, madeUp())).statusCode).toBe(401);
  });

  it('counts neither valid tokens nor a missing or malformed header', async () => {
    const good = await validToken();
    const ip = freshIp();
    const answers = await Promise.all([
      ...Array.from({ length: BUDGET }, () => chats(ip, good)),
      ...Array.from({ length: BUDGET }, () => chats(ip, null)),
      ...Array.from({ length: BUDGET }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/v1/chats',
          remoteAddress: ip,
          headers: { authorization: `Basic ${good}` },
        }),
      ),
    ]);
    expect(statuses(answers)).toEqual({ 200: BUDGET, 401: 2 * BUDGET });
    // the whole budget of failures is still there
    const bad = await Promise.all(Array.from({ length: BUDGET + 1 }, () => chats(ip, madeUp())));
    expect(statuses(bad)).toEqual({ 401: BUDGET, 429: 1 });
  });

  it('counts the client named by a trusted proxy, and an IPv6 client by its /64', async () => {
    const behind = freshIp();
    const next = freshIp();
    const viaProxy = await Promise.all(
      Array.from({ length: BUDGET + 1 }, () => chats(behind, madeUp(), 'proxy')),
    );
    expect(statuses(viaProxy)).toEqual({ 401: BUDGET, 429: 1 });
    // the proxy's other clients are not blocked with it
    expect((await chats(next, madeUp(), 'proxy')).statusCode).toBe(401);

    const net = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    const first = await Promise.all(
      Array.from({ length: BUDGET }, (_, i) => chats(`${net}::${(i + 1).toString(16)}`, madeUp())),
    );
    expect(statuses(first)).toEqual({ 401: BUDGET });
    // another address of the same /64 is the same client
    expect((await chats(`${net}:ffff:ffff:ffff:ffff`, madeUp())).statusCode).toBe(429);
  });

  it('keys addresses: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))(
  'public API: one budget of invalid tokens across processes (REDIS_URL)',
  () => {
    it('counts a burst split over two servers on one database once, in Redis', async () => {
      const shared = { ...env, REDIS_URL: process.env.REDIS_URL! };
      const first = await createTestApp({ env: shared });
      const second = await createTestApp({ env: shared, database: first.ctx.database });
      try {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: BURST }, (_, i) =>
            (i % 2 ? second : first).app.inject({
              method: 'GET',
              url: '/api/v1/chats',
              remoteAddress: ip,
              headers: { authorization: `Bearer ${madeUp()}` },
            }),
          ),
        );
        expect(statuses(answers)).toEqual({ 401: BUDGET, 429: BURST - BUDGET });
      } finally {
        await second.app.close();
        await first.close();
      }
    });
  },
);
