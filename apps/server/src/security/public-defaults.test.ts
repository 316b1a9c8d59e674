import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { manualClock } from '../lib/clock';
import { testDatabase } from '../../test/helpers';

/**
 * Issue 18 §1-2: a deployment reachable by others (a non-loopback HOST, or DATABASE_URL) is safe
 * without reading the README: no demo logins, no known default password, no mailbox for strangers.
 */
async function boot(env: Record<string, string>) {
  const database = await testDatabase();
  const { app } = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SAPA_JOBS: '0', SAPA_WEB_DIST: '/nonexistent', ...env }),
    database,
    clock: manualClock(new Date('2026-03-02T08:00:00Z')),
    logger: false,
  });
  await app.ready();
  return { app, database, close: async () => (await app.close(), await database.close()) };
}

const login = (app: Awaited<ReturnType<typeof boot>>['app'], payload: object, url = '/api/auth/login') =>
  app.inject({ method: 'POST', url, payload });

afterEach(() => vi.restoreAllMocks());

describe('a public deployment', () => {
  it('on HOST=0.0.0.0 seeds no demo; its first start makes one operator with a password printed once', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const first = await boot({ HOST: '0.0.0.0' });
    try {
      // the demo's known logins do not exist
      expect(
        (await login(first.app, { identifier: 'pemilik@demo.test', password: 'demo12345' })).statusCode,
      ).toBe(401);
      expect(
        (await login(first.app, { username: 'admin', password: 'admin12345' }, '/api/auth/admin/login'))
          .statusCode,
      ).toBe(401);
      const password = printed.join('\n').match(/password: (\S+)/)?.[1];
      expect(password).toMatch(/^[\w-]{20}$/);
      const operator = await login(first.app, { username: 'admin', password }, '/api/auth/admin/login');
      expect(operator.statusCode).toBe(200);

      // the mailbox (no SMTP on 0.0.0.0 without DATABASE_URL) is the operator's only
      expect((await first.app.inject({ method: 'GET', url: '/api/admin/mailbox' })).statusCode).toBe(401);
      const token = (operator.json() as { token: string }).token;
      expect(
        (await first.app.inject({ method: 'GET', url: '/api/admin/mailbox', headers: { token } })).statusCode,
      ).toBe(200);
      expect((await first.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await first.app.close();
    }
    // started again on the same database: nothing new printed, the operator kept
    printed.length = 0;
    const { app } = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        SAPA_JOBS: '0',
        SAPA_WEB_DIST: '/nonexistent',
        HOST: '0.0.0.0',
      }),
      database: first.database,
      logger: false,
    });
    await app.ready();
    expect(printed.join('')).not.toMatch(/password/);
    await app.close();
    await first.database.close();
  });

  it('with DATABASE_URL-style settings (no dev mailbox) keeps mail out of any mailbox', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x' });
    expect(config.devMailbox).toBe(false);
    // the same app without a mailbox: the route does not exist, even for an operator
    const instance = await boot({
      SAPA_DEV_MAILBOX: '0',
      SAPA_ADMIN_USERNAME: 'operator',
      SAPA_ADMIN_PASSWORD: 'operator-rahasia-1',
    });
    try {
      const operator = await login(
        instance.app,
        { username: 'operator', password: 'operator-rahasia-1' },
        '/api/auth/admin/login',
      );
      const token = (operator.json() as { token: string }).token;
      expect(
        (await instance.app.inject({ method: 'GET', url: '/api/admin/mailbox', headers: { token } }))
          .statusCode,
      ).toBe(404);
      const publicConfig = await instance.app.inject({ method: 'GET', url: '/api/config' });
      expect((publicConfig.json() as { devMailbox: boolean }).devMailbox).toBe(false);
    } finally {
      await instance.close();
    }
  });
});
