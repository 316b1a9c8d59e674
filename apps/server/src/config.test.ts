import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded mode with the demo on', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demo: true,
      sandbox: true,
    });
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('turns the demo off by default in scale-out mode, and on request', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).demo).toBe(false);
    expect(loadConfig({ SAPA_DEMO: '0' }).demo).toBe(false);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'bukan url', SAPA_DEMO: 'mungkin' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems.map((p) => p.split(':')[0])).toEqual(
        expect.arrayContaining(['PORT', 'DATABASE_URL', 'SAPA_DEMO']),
      );
    }
  });

  it('a public deployment (another HOST, or DATABASE_URL) seeds no demo and keeps no dev mailbox', () => {
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ demo: false, local: false, devMailbox: true });
    expect(loadConfig({ HOST: '::1' })).toMatchObject({ demo: true, local: true });
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toMatchObject({
      demo: false,
      devMailbox: false,
    });
    // forced on purpose only
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', SAPA_DEV_MAILBOX: '1' }).devMailbox).toBe(
      true,
    );
    expect(loadConfig({ HOST: '0.0.0.0', SAPA_DEMO: '1' }).demo).toBe(true);
    // with SMTP there is never a mailbox
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25', SAPA_DEV_MAILBOX: '1' }).devMailbox).toBe(false);
  });

  it('trusts proxies by hop count or address list, never by a plain true', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
