import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { manualClock } from '../lib/clock';
import type { FastifyInstance } from 'fastify';
import { devMailbox, newOwner, testConfig, testDatabase } from '../../test/helpers';

/**
 * Issue 18 §1: the log of a whole flow (registration with its code, sign-in, the realtime socket,
 * a password reset, the simulator's secret link) holds none of the secrets that went through it.
 */
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let base: string;

beforeAll(async () => {
  database = await testDatabase();
  ({ app } = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace' }),
    database,
    clock: manualClock(new Date('2026-03-02T08:00:00Z')),
    logStream: { write: (line: string) => void lines.push(line) },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = async (method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`http://${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
};

describe('the log', () => {
  it('never holds a mail body, a code, a reset token, a session token or a socket url with its query', async () => {
    const input = newOwner();
    const secrets: string[] = [input.password];

    expect((await call('POST', '/api/auth/register', input)).status).toBe(202);
    const codeMail = (await devMailbox(app)).find((m) => m.to === input.email)!;
    const code = codeMail.text.match(/\b(\d{6})\b/)![1]!;
    secrets.push(code, codeMail.text.split('\n')[2]!);
    const verified = await call('POST', '/api/auth/register/verify', { email: input.email, code });
    expect(verified.status).toBe(201);
    const token = String(verified.body.token);
    secrets.push(token);

    const signedIn = await call('POST', '/api/auth/login', {
      identifier: input.email,
      password: input.password,
    });
    secrets.push(String(signedIn.body.token));

    // the realtime socket and the simulator's socket carry their secrets in the query
    const socket = new WebSocket(`ws://${base}/ws?token=${encodeURIComponent(token)}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.close();
    const accounts = await call('GET', '/api/account', undefined, token);
    const accountId = (accounts.body.docs as { _id: string; isSandbox: boolean }[]).find(
      (a) => a.isSandbox,
    )!._id;
    const link = await call('GET', `/api/sandbox/link?accountId=${accountId}`, undefined, token);
    const key = new URL(String(link.body.url)).searchParams.get('key')!;
    secrets.push(key);
    const simulator = new WebSocket(
      `ws://${base}/ws/sandbox?accountId=${accountId}&phoneNumber=6281234567890&key=${encodeURIComponent(key)}`,
    );
    await new Promise<void>((resolve, reject) => {
      simulator.once('open', () => resolve());
      simulator.once('error', reject);
    });
    simulator.close();
    // a refused socket too (its url is logged with the error)
    const refused = new WebSocket(
      `ws://${base}/ws/sandbox?accountId=${accountId}&phoneNumber=6281234567890&token=salah-${token}`,
    );
    await new Promise<void>((resolve) => {
      refused.once('error', () => resolve());
      refused.once('close', () => resolve());
    });

    // a password reset: the link's token, then the page it opens and the new password
    expect((await call('POST', '/api/auth/reset-password/request', { email: input.email })).status).toBe(200);
    const resetMail = (await devMailbox(app)).find((m) => m.to === input.email && m.text.includes('token='))!;
    const resetToken = decodeURIComponent(resetMail.text.match(/token=([^\s]+)/)![1]!);
    secrets.push(resetToken, resetMail.text.split('\n')[2]!);
    expect(
      (await fetch(`http://${base}/reset-password?token=${encodeURIComponent(resetToken)}`)).status,
    ).toBe(404); // no web build in tests; the request is still logged
    const newPassword = 'kata-sandi-baru-99';
    secrets.push(newPassword);
    expect(
      (await call('POST', '/api/auth/reset-password', { token: resetToken, password: newPassword })).status,
    ).toBe(200);
    // an unknown url with a token in its query (a 404 is logged with its url)
    await fetch(`http://${base}/api/tidak-ada?token=${encodeURIComponent(token)}`);

    await new Promise((r) => setTimeout(r, 50));
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('"url":"/ws?…"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
      expect(
        log.includes(encodeURIComponent(secret)),
        `the log holds ${secret.slice(0, 12)}… (encoded)`,
      ).toBe(false);
    }
    expect(log).not.toMatch(/token=/);
    expect(log).not.toMatch(/key=/);
  });
});
