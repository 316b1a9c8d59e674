import * as api from '@sapa/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pendingRegistrations, sessions } from '../db/schema';
import { createTestApp, json, newOwner, registerOwner, type TestApp } from '../../test/helpers';
import { refreshStatistics, sweep } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('sweeps expired sessions and stale registrations but keeps live ones working', async () => {
  const old = await registerOwner(t.app);
  const later = await registerOwner(t.app);
  const stale = newOwner();
  await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: stale });
  t.clock.advance(40 * 24 * 60 * 60 * 1000);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: later.input.email, password: later.input.password },
  });
  const fresh = json(signIn, api.loginResponse).token;
  const waiting = newOwner();
  await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: waiting });
  await sweep(t.ctx);
  const rows = await t.ctx.db.select().from(sessions);
  expect(rows).toHaveLength(1);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: fresh } })).statusCode,
  ).toBe(200);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: old.token } })).statusCode,
  ).toBe(401);
  const pending = await t.ctx.db.select().from(pendingRegistrations);
  expect(pending.map((p) => p.email)).toEqual([waiting.email]);
});

it('analyzes the tables that grew since their statistics were taken, and only those', async () => {
  await t.ctx.db.execute(sql`create table stats_probe (id int primary key, note text not null)`);
  await t.ctx.db.execute(
    sql`insert into stats_probe select g, 'catatan pelanggan ' || g from generate_series(1, 5000) g`,
  );
  const estimate = async () =>
    Number(
      (
        (await t.ctx.db.execute(
          sql`select reltuples from pg_class where relname = 'stats_probe'`,
        )) as unknown as {
          rows: { reltuples: number }[];
        }
      ).rows[0]?.reltuples,
    );
  expect(await estimate()).toBeLessThan(1);
  expect(await refreshStatistics(t.ctx)).toContain('stats_probe');
  expect(await estimate()).toBe(5000);
  // nothing grew since: nothing to do
  expect(await refreshStatistics(t.ctx)).toEqual([]);
  await t.ctx.db.execute(
    sql`insert into stats_probe select g, 'catatan pelanggan ' || g from generate_series(5001, 10000) g`,
  );
  expect(await refreshStatistics(t.ctx)).toEqual(['stats_probe']);
  expect(await estimate()).toBe(10000);
});
