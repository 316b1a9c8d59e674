import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { interpolate, PUBLIC_API_MESSAGES, resetTokenResponse } from '@sapa/contracts';
import { createTestApp, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';

const BUDGET = 5;
const { t, call } = useTestApp({ env: { SAPA_API_RATE_PER_MINUTE: String(BUDGET) } });

/** A fresh sandbox number's API token (a budget of its own). */
async function freshToken(): Promise<string> {
  const { token, accountId } = await ownerWithSandbox(t.app);
  const res = await call('PUT', `/api/account/whatsapp/${accountId}/reset-token`, token);
  return json(res, resetTokenResponse).token;
}

const chats = (token: string, url = '/api/v1/chats'): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('public API: rate limit per token (issue 26)', () => {
  it('answers the budget in headers on every answer, then 429 with Retry-After; the next minute is new', async () => {
    const token = await freshToken();
    const windowEnd = Math.ceil((Math.floor(t.clock.now().getTime() / 60_000) + 1) * 60);
    for (let i = 1; i <= BUDGET; i++) {
      // an answer the route refuses counts and carries the headers too
      const res = i === 2 ? await chats(token, '/api/v1/chats/tidak-ada/messages') : await chats(token);
      expect(res.statusCode).toBe(i === 2 ? 404 : 200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(BUDGET));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(BUDGET - i));
      expect(res.headers['x-ratelimit-reset']).toBe(String(windowEnd));
    }
    const over = await chats(token);
    expect(over.statusCode).toBe(429);
    const seconds = windowEnd - Math.floor(t.clock.now().getTime() / 1000);
    expect(over.headers['retry-after']).toBe(String(seconds));
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(over.headers['x-ratelimit-limit']).toBe(String(BUDGET));
    expect(json(over)).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: interpolate(PUBLIC_API_MESSAGES.rateLimited, { seconds }),
    });
    // a POST is refused before it does anything
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { authorization: `Bearer ${token}` },
      payload: { to: '6281234500001', text: 'Lewat batas' },
    });
    expect(send.statusCode).toBe(429);

    // another number's budget is its own
    expect((await chats(await freshToken())).statusCode).toBe(200);

    t.clock.advance(60_000);
    const next = await chats(token);
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
  });

  it('lets exactly the budget through a concurrent burst', async () => {
    const token = await freshToken();
    const answers = await Promise.all(Array.from({ length: 20 }, () => chats(token)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - BUDGET);
    for (const res of answers.filter((r) => r.statusCode === 429))
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const remaining = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => Number(r.headers['x-ratelimit-remaining']))
      .sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
  });

  it('does not count or answer budget headers for a refused token', async () => {
    const res = await chats('sapa_bukanToken');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))('public API: one budget across processes (REDIS_URL)', () => {
  it('counts a burst split over two servers on one database once, in Redis', async () => {
    const env = { SAPA_API_RATE_PER_MINUTE: String(BUDGET), REDIS_URL: process.env.REDIS_URL! };
    const first = await createTestApp({ env });
    const secondServer = await createTestApp({ env, database: first.ctx.database });
    try {
      const { token: session, accountId } = await ownerWithSandbox(first.app);
      const reset = await first.app.inject({
        method: 'PUT',
        url: `/api/account/whatsapp/${accountId}/reset-token`,
        headers: { token: session },
      });
      const token = json(reset, resetTokenResponse).token;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? secondServer : first).app.inject({
            method: 'GET',
            url: '/api/v1/chats',
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(','),
      ).toHaveLength(BUDGET);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - BUDGET);
    } finally {
      await secondServer.app.close();
      await first.close();
    }
  });
});
