import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR, json, operatorToken, registerOwner, useTestApp } from '../../../test/helpers';
import { OPERATOR_MESSAGES } from './operators';

/** Issue 23: operators manage each other; a disabled one cannot sign in, and one always stays. */
const { t, call } = useTestApp();

const adminLogin = (username: string, password: string) =>
  call('POST', '/api/auth/admin/login', undefined, { username, password });

/** A new operator made by the test operator, and their session. */
async function newOperator(username: string, password = 'rahasia-operator-2') {
  const res = await call('POST', '/api/admin/operator', await operatorToken(t.app), {
    name: `Operator ${username}`,
    username,
    password,
  });
  expect(res.statusCode, res.body).toBe(201);
  const made = json(res, api.operator);
  const login = await adminLogin(username, password);
  expect(login.statusCode, login.body).toBe(200);
  return { ...made, token: json(login, api.adminLoginResponse).token, password };
}

describe('operators', () => {
  it('lists and creates operators; a taken username is refused', async () => {
    const operator = await operatorToken(t.app);
    const sari = await newOperator('sari.ops');
    expect(sari).toMatchObject({ name: 'Operator sari.ops', username: 'sari.ops', disabledAt: null });
    const listed = json(await call('GET', '/api/admin/operator', operator), api.operatorList).docs;
    expect(listed.map((o) => o.username)).toEqual([TEST_OPERATOR.username, 'sari.ops']);
    expect(JSON.stringify(listed)).not.toMatch(/password|hash/i);

    const again = await call('POST', '/api/admin/operator', operator, {
      name: 'Sari Lain',
      username: 'sari.ops',
      password: 'rahasia-operator-3',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again, api.apiErrorBody)).toMatchObject({
      message: 'Username sudah digunakan',
      fields: { username: 'Username sudah digunakan' },
    });
    const invalid = await call('POST', '/api/admin/operator', operator, {
      name: 'Tanpa Sandi',
      username: 'ada spasi',
      password: '1',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(json(invalid, api.apiErrorBody).fields ?? {}).sort()).toEqual([
      'password',
      'username',
    ]);
  });

  it('a disabled operator is signed out and cannot sign in until enabled', async () => {
    const operator = await operatorToken(t.app);
    const budi = await newOperator('budi.ops');
    expect((await call('GET', '/api/admin', budi.token)).statusCode).toBe(200);

    const disabled = await call('POST', `/api/admin/operator/${budi._id}/disable`, operator);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(json(disabled, api.operator).disabledAt).toBe(t.clock.now().toISOString());
    expect((await call('GET', '/api/admin', budi.token)).statusCode).toBe(401);
    const refused = await adminLogin('budi.ops', budi.password);
    expect(refused.statusCode).toBe(403);
    expect(json(refused, api.apiErrorBody).message).toBe(api.t('auth.adminDisabled'));
    // a wrong password still says only that
    expect(json(await adminLogin('budi.ops', 'salah-sekali-ya'), api.apiErrorBody).message).toBe(
      api.t('auth.invalidAdminCredentials'),
    );

    const enabled = await call('POST', `/api/admin/operator/${budi._id}/enable`, operator);
    expect(json(enabled, api.operator).disabledAt).toBeNull();
    expect((await adminLogin('budi.ops', budi.password)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/operator/bukan-id/disable', operator)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/operator/bukan-id/enable', operator)).statusCode).toBe(404);
  });

  it('owners, agents and strangers cannot manage operators', async () => {
    const { token } = await registerOwner(t.app);
    expect((await call('GET', '/api/admin/operator', token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/operator', token, { name: 'X', username: 'x', password: 'rahasia123' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/admin/operator')).statusCode).toBe(401);
  });

  // last: either operator may be the one left, so the test operator's session may end here
  it('nobody disables themself, and the last enabled operator stays', async () => {
    const operator = await operatorToken(t.app);
    const me = json(await call('GET', '/api/admin', operator), api.adminProfile);
    const self = await call('POST', `/api/admin/operator/${me._id}/disable`, operator);
    expect(self.statusCode).toBe(409);
    expect(json(self, api.apiErrorBody).message).toBe(OPERATOR_MESSAGES.disableSelf);

    // only the test operator and Dewi are left enabled; they disable each other at the same moment
    const listed = json(await call('GET', '/api/admin/operator', operator), api.operatorList).docs;
    for (const other of listed.filter((o) => o._id !== me._id && !o.disabledAt))
      expect((await call('POST', `/api/admin/operator/${other._id}/disable`, operator)).statusCode).toBe(200);
    const dewi = await newOperator('dewi.ops');
    const [first, second] = await Promise.all([
      call('POST', `/api/admin/operator/${me._id}/disable`, dewi.token),
      call('POST', `/api/admin/operator/${dewi._id}/disable`, operator),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(json(loser, api.apiErrorBody).message).toBe(OPERATOR_MESSAGES.lastEnabled);
    const enabledNow = json(
      await call('GET', '/api/admin/operator', first.statusCode === 200 ? dewi.token : operator),
      api.operatorList,
    ).docs.filter((o) => !o.disabledAt);
    expect(enabledNow).toHaveLength(1);
  });
});
