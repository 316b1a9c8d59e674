import * as api from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pendingRegistrations, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { admins } from '../../db/schema';
import {
  agentFor,
  createTestApp,
  devMailbox,
  json,
  newOwner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

type Mail = { to: string; subject: string; text: string };
const mailsTo = async (email: string): Promise<Mail[]> =>
  (await devMailbox(t.app)).filter((m) => m.to === email);
const codeIn = (mail: Mail | undefined) => mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
const pendingFor = (email: string) =>
  t.ctx.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('register', () => {
  it('answers a new email and a taken one (an owner’s or an agent’s) alike, and mails each what fits', async () => {
    const existing = await registerOwner(t.app);
    const agent = await agentFor(t, existing.token, 'Agen Lama');
    const fresh = newOwner();
    const answers = [
      await post('/api/auth/register', fresh, {}, '10.3.0.1'),
      await post(
        '/api/auth/register',
        { ...newOwner(), email: existing.input.email.toUpperCase() },
        {},
        '10.3.0.1',
      ),
      await post('/api/auth/register', { ...newOwner(), email: agent.input.email }, {}, '10.3.0.1'),
    ];
    const emails = [fresh.email, existing.input.email, agent.input.email];
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(202);
      expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      // the same body, but for the address it names; no token, nothing else
      expect(json(res, api.registerResponse)).toEqual({
        message: `Kode verifikasi telah dikirim ke ${emails[i]}`,
      });
    });

    // the new email gets a code and waits; no owner exists before the code comes back
    const [codeMail] = await mailsTo(fresh.email);
    expect(codeMail?.subject).toMatch(/^Kode verifikasi Sapa: \d{6}$/);
    expect(codeIn(codeMail)).toMatch(/^\d{6}$/);
    expect(await pendingFor(fresh.email)).toHaveLength(1);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, fresh.email))).toHaveLength(0);

    // a taken email gets a note with the way in, no code, and nothing is stored or changed
    for (const email of [existing.input.email, agent.input.email]) {
      const mails = await mailsTo(email);
      const note = mails[0];
      expect(note?.subject).toBe('Percobaan pendaftaran Sapa dengan email Anda');
      expect(note?.text).toContain('sudah terdaftar');
      expect(note?.text).toMatch(/\/login\b/);
      expect(note?.text).toContain('/reset-password/request');
      expect(codeIn(note)).toBe('');
      expect(await pendingFor(email)).toHaveLength(0);
    }
    const login = await post('/api/auth/login', {
      identifier: existing.input.email,
      password: existing.input.password,
    });
    expect(login.statusCode).toBe(200);
    expect(json(login, api.loginResponse)).toMatchObject({
      user: { name: existing.input.name, needVerification: false },
    });
  });

  it('the mailed code creates the owner verified, with the sandbox, and signs them in, once', async () => {
    const ip = '10.3.1.1';
    const input = newOwner();
    expect((await post('/api/auth/register', input, {}, ip)).statusCode).toBe(202);
    const code = codeIn((await mailsTo(input.email))[0]);

    const invalid = {
      code: 'VALIDATION',
      message: 'Kode verifikasi salah atau sudah kedaluwarsa',
      fields: { code: 'Kode verifikasi salah atau sudah kedaluwarsa' },
    };
    const wrong = await post(
      '/api/auth/register/verify',
      { email: input.email, code: otherThan(code) },
      {},
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong, api.apiErrorBody)).toMatchObject(invalid);
    const unknown = await post('/api/auth/register/verify', { email: newOwner().email, code }, {}, ip);
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown, api.apiErrorBody)).toEqual(json(wrong, api.apiErrorBody));
    const malformed = await post('/api/auth/register/verify', { email: input.email, code: '12ab' }, {}, ip);
    expect(json(malformed, api.apiErrorBody).fields).toEqual({
      code: 'Kode verifikasi terdiri dari 6 angka',
    });

    const ok = await post('/api/auth/register/verify', { email: input.email.toUpperCase(), code }, {}, ip);
    expect(ok.statusCode).toBe(201);
    const body = json(ok, api.loginResponse);
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({
      name: input.name,
      email: input.email,
      phone: input.phone,
      isVerified: true,
      needVerification: false,
      agent: null,
    });
    const headers = { token: body.token };
    expect(
      json(await t.app.inject({ method: 'GET', url: '/api/user', headers }), api.userProfile),
    ).toMatchObject({
      email: input.email,
    });
    const accounts = json(
      await t.app.inject({ method: 'GET', url: '/api/account', headers }),
      api.accountPage,
    ).docs;
    expect(accounts.filter((a) => a.isSandbox)).toHaveLength(1);
    expect(await pendingFor(input.email)).toHaveLength(0);

    // spent: the same code again gets the same refusal, and no second owner
    const again = await post('/api/auth/register/verify', { email: input.email, code }, {}, ip);
    expect(again.statusCode).toBe(400);
    expect(json(again, api.apiErrorBody)).toMatchObject(invalid);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
    const login = await post('/api/auth/login', { identifier: input.phone, password: input.password });
    expect(login.statusCode).toBe(200);
  });

  it('a code dies after 30 minutes, and a new request replaces the old code', async () => {
    const ip = '10.3.2.1';
    const input = newOwner();
    await post('/api/auth/register', input, {}, ip);
    const first = codeIn((await mailsTo(input.email))[0]);
    t.clock.advance(31 * 60 * 1000);
    const late = await post('/api/auth/register/verify', { email: input.email, code: first }, {}, ip);
    expect(json(late, api.apiErrorBody).message).toBe('Kode verifikasi salah atau sudah kedaluwarsa');

    await post('/api/auth/register', { ...input, name: 'Nama Kedua' }, {}, ip);
    const second = codeIn((await mailsTo(input.email))[0]);
    expect(await pendingFor(input.email)).toHaveLength(1);
    if (second !== first) {
      const old = await post('/api/auth/register/verify', { email: input.email, code: first }, {}, ip);
      expect(old.statusCode).toBe(400);
    }
    const ok = await post('/api/auth/register/verify', { email: input.email, code: second }, {}, ip);
    expect(ok.statusCode).toBe(201);
    expect(json(ok, api.loginResponse)).toMatchObject({ user: { name: 'Nama Kedua' } });
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
      const res = await post('/api/auth/register', payload, {}, '10.3.3.1');
      expect(res.statusCode, field).toBe(400);
      expect(json(res, api.apiErrorBody)).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
      expect(await pendingFor(String(payload.email))).toHaveLength(0);
      expect(await mailsTo(String(payload.email))).toHaveLength(0);
    }
  });

  it('a phone taken by another account is named only to the one who proved the email', async () => {
    const ip = '10.3.4.1';
    const existing = await registerOwner(t.app);
    const input = { ...newOwner(), phone: existing.input.phone };
    const res = await post('/api/auth/register', input, {}, ip);
    expect(res.statusCode).toBe(202);
    expect(json(res, api.registerResponse)).toEqual({
      message: `Kode verifikasi telah dikirim ke ${input.email}`,
    });
    const code = codeIn((await mailsTo(input.email))[0]);
    const conflict = await post('/api/auth/register/verify', { email: input.email, code }, {}, ip);
    expect(conflict.statusCode).toBe(409);
    expect(json(conflict, api.apiErrorBody)).toMatchObject({
      code: 'CONFLICT',
      message: 'Nomor telepon sudah terdaftar',
      fields: { phone: 'Nomor telepon sudah terdaftar' },
    });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    // a new request with another phone finishes it
    const retry = { ...input, phone: newOwner().phone };
    await post('/api/auth/register', retry, {}, ip);
    const next = codeIn((await mailsTo(input.email))[0]);
    expect(
      (await post('/api/auth/register/verify', { email: input.email, code: next }, {}, ip)).statusCode,
    ).toBe(201);
  });

  it('records a known referral code and ignores an unknown one', async () => {
    const ip = '10.3.5.1';
    const { token } = await registerOwner(t.app);
    const me = json(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
      api.userProfile,
    );
    const finish = async (input: ReturnType<typeof newOwner>, referralCode: string) => {
      expect((await post('/api/auth/register', { ...input, referralCode }, {}, ip)).statusCode).toBe(202);
      const code = codeIn((await mailsTo(input.email))[0]);
      return post('/api/auth/register/verify', { email: input.email, code }, {}, ip);
    };
    const referred = newOwner();
    expect((await finish(referred, me.referralCode.toLowerCase())).statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, referred.email));
    expect(row?.referredById).toBe(me._id);
    const stray = newOwner();
    expect((await finish(stray, 'TIDAKADA')).statusCode).toBe(201);
    const [strayRow] = await t.ctx.db.select().from(users).where(eq(users.email, stray.email));
    expect(strayRow?.referredById).toBeNull();
  });

  it('limits registration attempts per IP and per email, taken emails and wrong codes included', async () => {
    const perHour = t.ctx.config.limits.registerPerHour;
    const taken = (await registerOwner(t.app)).input.email;
    const ip = '10.9.9.9';
    // attempts with a taken email answer 202 like any other, and count all the same
    for (let i = 0; i < perHour; i++) {
      const res = await post(
        '/api/auth/register',
        { ...newOwner(), email: i < 4 ? taken : newOwner().email },
        {},
        ip,
      );
      expect(res.statusCode, `attempt ${i + 1}`).toBe(202);
    }
    const over = await post('/api/auth/register', newOwner(), {}, ip);
    expect(over.statusCode).toBe(429);
    expect(json(over, api.apiErrorBody).message).toMatch(
      /^Terlalu banyak permintaan\. Coba lagi dalam \d+ menit$/,
    );
    expect(over.headers['retry-after']).toBeDefined();
    expect((await post('/api/auth/register', newOwner(), {}, '10.9.9.10')).statusCode).toBe(202);

    // one email, five requests an hour whatever the IP
    const target = newOwner();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/register', target, {}, `10.8.${i}.1`)).statusCode).toBe(202);
    expect((await post('/api/auth/register', target, {}, '10.8.9.1')).statusCode).toBe(429);
    expect(await mailsTo(target.email)).toHaveLength(5);

    // the code check: wrong guesses count against the IP, then even the right code waits
    const vip = '10.7.7.7';
    const input = newOwner();
    await post('/api/auth/register', input, {}, vip);
    const code = codeIn((await mailsTo(input.email))[0]);
    for (let i = 0; i < perHour * 5; i++) {
      const res = await post('/api/auth/register/verify', { email: newOwner().email, code }, {}, vip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post('/api/auth/register/verify', { email: input.email, code }, {}, vip);
    expect(blocked.statusCode).toBe(429);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await post('/api/auth/register', newOwner(), {}, ip)).statusCode).toBe(202);
    const later = await post('/api/auth/register', input, {}, vip);
    expect(later.statusCode).toBe(202);
    const fresh = codeIn((await mailsTo(input.email))[0]);
    expect(
      (await post('/api/auth/register/verify', { email: input.email, code: fresh }, {}, vip)).statusCode,
    ).toBe(201);
  });

  it('a burst of 100 guesses at once spends a code’s 5 tries, no more', async () => {
    const input = newOwner();
    await post('/api/auth/register', input, {}, '10.6.0.1');
    const code = codeIn((await mailsTo(input.email))[0]);
    const wrong = otherThan(code);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/api/auth/register/verify', { email: input.email, code: wrong }, {}, `10.6.${i}.2`),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(100).fill(400));
    const [row] = await pendingFor(input.email);
    expect(row?.attempts).toBe(5);
    const late = await post('/api/auth/register/verify', { email: input.email, code }, {}, '10.6.200.1');
    expect(late.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
  });

  it('a burst of 100 right codes at once creates one owner and one session', async () => {
    const input = newOwner();
    await post('/api/auth/register', input, {}, '10.5.0.1');
    const code = codeIn((await mailsTo(input.email))[0]);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/api/auth/register/verify', { email: input.email, code }, {}, `10.5.${i}.2`),
      ),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(99).fill(400)]);
    const created = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(created).toHaveLength(1);
    const owned = await t.ctx.db.select().from(sessions).where(eq(sessions.subjectId, created[0]!.id));
    expect(owned).toHaveLength(1);
  });
});

describe('login', () => {
  it('accepts email or phone (any common writing) and returns a working token', async () => {
    const { input } = await registerOwner(t.app);
    for (const identifier of [input.email, input.phone, `+${input.phone}`, `0${input.phone.slice(2)}`]) {
      const res = await post('/api/auth/login', { identifier, password: input.password });
      expect(res.statusCode, identifier).toBe(200);
      const { token } = json(res, api.loginResponse);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } });
      expect(json(me, api.userProfile)).toMatchObject({ email: input.email });
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
      expect(json(res, api.apiErrorBody).message).toBe('Email/nomor telepon atau kata sandi salah');
    }
    const sixth = await post(
      '/api/auth/login',
      { identifier: input.email, password: input.password },
      {},
      ip,
    );
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth, api.apiErrorBody).message).toBe(
      'Terlalu banyak percobaan masuk. Coba lagi dalam 5 menit',
    );
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
    expect(json(res, api.apiErrorBody).message).toBe('Email/nomor telepon atau kata sandi salah');
  });

  it('logout revokes the session', async () => {
    const { token } = await registerOwner(t.app);
    expect((await post('/api/auth/logout', {}, { token })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } });
    expect(me.statusCode).toBe(401);
    expect(json(me, api.apiErrorBody)).toMatchObject({ code: 'UNAUTHORIZED' });
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
    expect(json(bad, api.apiErrorBody).message).toBe('Username atau kata sandi salah');
    const res = await post('/api/auth/admin/login', { username: 'operator', password: 'rahasia123' });
    expect(res.statusCode).toBe(200);
    const { token, admin } = json(res, api.adminLoginResponse);
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
