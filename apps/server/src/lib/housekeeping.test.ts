import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { createTestApp, registerOwner, type TestApp } from '../../test/helpers';
import { sweep } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('sweeps expired sessions but keeps live ones working', async () => {
  const old = await registerOwner(t.app);
  t.clock.advance(40 * 24 * 60 * 60 * 1000);
  const fresh = await registerOwner(t.app);
  await sweep(t.ctx);
  const rows = await t.ctx.db.select().from(sessions);
  expect(rows).toHaveLength(1);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: fresh.token } })).statusCode,
  ).toBe(200);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: old.token } })).statusCode,
  ).toBe(401);
});
