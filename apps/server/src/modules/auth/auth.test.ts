import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { admins } from '../../db/schema';
import { createTestApp, json, newOwner, registerOwner, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

describe('register', () => {
  it('creates an unverified owner, signs them in and mails a 6-digit code', async () => {
    const input = newOwner();
    const res = await post('/api/auth/register', input);
    expect(res.statusCode).toBe(201);
    const body = json<{ token: string; user: { email: string; needVerification: boolean; agent: null } }>(
      res,
    );
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({ email: input.email, needVerification: true, agent: null });
    const mail = json<{ docs: { to: string; subject: string; text: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' }),
    ).docs[0];
    expect(mail?.to).toBe(input.email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });

  it('refuses bad input in Indonesian and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...newOwner(), name: '' }, 'name', 'Value is required'],
      [{ ...newOwner(), name: 'x'.repeat(200) }, 'name', 'The maximum length allowed is 100'],
      [{ ...newOwner(), phone: '08123456789' }, 'phone', 'Nomor Telepon tidak valid'],
      [{ ...newOwner(), phone: '62abc' }, 'phone', 'Value must be numeric'],
      [{ ...newOwner(), email: 'bukan-email' }, 'email', 'Value is not a valid email address'],
      [{ ...newOwner(), password: 'pendek' }, 'password', 'Kata sandi minimal 8 karakter'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post('/api/auth/register', payload);
      expect(res.statusCode, field).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
      const found = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, String(payload.email)));
      expect(found).toHaveLength(0);
    }
  });

  it('refuses a taken email or phone', async () => {
    const { input } = await registerOwner(t.app);
    const res = await post('/api/auth/register', { ...newOwner(), email: input.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ message: 'Email sudah terdaftar' });
    const res2 = await post('/api/auth/register', { ...newOwner(), phone: input.phone });
    expect(json(res2)).toMatchObject({ message: 'Nomor telepon sudah terdaftar' });
  });

  it('records a known referral code and ignores an unknown one', async () => {
    const { token } = await registerOwner(t.app);
    const me = json<{ _id: string; referralCode: string }>(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    );
    const referred = newOwner();
    await post('/api/auth/register', { ...referred, referralCode: me.referralCode.toLowerCase() });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, referred.email));
    expect(row?.referredById).toBe(me._id);
    const stray = newOwner();
    expect((await post('/api/auth/register', { ...stray, referralCode: 'TIDAKADA' })).statusCode).toBe(201);
  });

  it('limits registrations per IP', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < t.ctx.config.limits.registerPerHour; i++) {
      expect((await post('/api/auth/register', newOwner(), {}, ip)).statusCode).toBe(201);
    }
    const res = await post('/api/auth/register', newOwner(), {}, ip);
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toMatch(/^Terlalu banyak permintaan\. Coba lagi dalam \d+ menit$/);
  });
});

describe('login', () => {
  it('accepts email or phone (any common writing) and returns a working token', async () => {
    const { input } = await registerOwner(t.app);
    for (const identifier of [input.email, input.phone, `+${input.phone}`, `0${input.phone.slice(2)}`]) {
      const res = await post('/api/auth/login', { identifier, password: input.password });
      expect(res.statusCode, identifier).toBe(200);
      const { token } = json<{ token: string }>(res);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } });
      expect(json(me)).toMatchObject({ email: input.email });
    }
  });

  it('locks an account and IP after 5 failures in 5 minutes, with the wait in the message', async () => {
    const { input } = await registerOwner(t.app);
    const ip = '10.1.1.1';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/login',
        { identifier: input.email, password: 'salah-sekali' },
        {},
        ip,
      );
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe('Email/nomor telepon atau kata sandi salah');
    }
    const sixth = await post(
      '/api/auth/login',
      { identifier: input.email, password: input.password },
      {},
      ip,
    );
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).message).toBe('Terlalu banyak percobaan masuk. Coba lagi dalam 5 menit');
    expect(sixth.headers['retry-after']).toBeDefined();
    // another IP is not locked out
    expect(
      (await post('/api/auth/login', { identifier: input.email, password: input.password }, {}, '10.1.1.2'))
        .statusCode,
    ).toBe(200);
    t.clock.advance(5 * 60 * 1000 + 1000);
    expect(
      (await post('/api/auth/login', { identifier: input.email, password: input.password }, {}, ip))
        .statusCode,
    ).toBe(200);
  });

  it('answers unknown accounts like wrong passwords', async () => {
    const res = await post('/api/auth/login', {
      identifier: 'tidak.ada@contoh.test',
      password: 'apa-saja-1',
    });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Email/nomor telepon atau kata sandi salah');
  });

  it('logout revokes the session', async () => {
    const { token } = await registerOwner(t.app);
    expect((await post('/api/auth/logout', {}, { token })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } });
    expect(me.statusCode).toBe(401);
    expect(json(me)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('accepts Authorization: Bearer as well as the token header', async () => {
    const { token } = await registerOwner(t.app);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('admin login', () => {
  it('signs operators in on their own table; their token is refused on user endpoints and vice versa', async () => {
    await t.ctx.db
      .insert(admins)
      .values({ name: 'Operator', username: 'operator', passwordHash: await hashPassword('rahasia123') });
    const bad = await post('/api/auth/admin/login', { username: 'operator', password: 'salah-salah' });
    expect(json(bad).message).toBe('Username atau kata sandi salah');
    const res = await post('/api/auth/admin/login', { username: 'operator', password: 'rahasia123' });
    expect(res.statusCode).toBe(200);
    const { token, admin } = json<{ token: string; admin: { username: string } }>(res);
    expect(admin.username).toBe('operator');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin', headers: { token } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } })).statusCode).toBe(
      403,
    );
    const owner = await registerOwner(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin', headers: { token: owner.token } })).statusCode,
    ).toBe(403);
  });
});
