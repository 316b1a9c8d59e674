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
});
