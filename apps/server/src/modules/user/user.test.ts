import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agents, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { agentFor, json, lastCodeFor, newOwner, registerOwner, useTestApp } from '../../../test/helpers';

const { t, call } = useTestApp();

describe('verification', () => {
  it('a wrong code is refused and changes nothing; the mailed code verifies once', async () => {
    const { token, input } = await registerOwner(t.app, newOwner(), { unverified: true });
    const code = await lastCodeFor(t.app, input.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call('POST', '/api/user/verify', token, { code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(json(bad, api.apiErrorBody).message).toBe('Kode verifikasi salah atau sudah kedaluwarsa');
    expect(json(await call('GET', '/api/user', token), api.userProfile)).toMatchObject({
      needVerification: true,
    });

    const malformed = await call('POST', '/api/user/verify', token, { code: '12ab' });
    expect(json(malformed, api.apiErrorBody).fields).toEqual({
      code: 'Kode verifikasi terdiri dari 6 angka',
    });

    const ok = await call('POST', '/api/user/verify', token, { code });
    expect(ok.statusCode).toBe(200);
    expect(json(ok, api.userMutationResponse)).toMatchObject({
      message: 'Akun berhasil diverifikasi',
      user: { needVerification: false },
    });
    const again = await call('POST', '/api/user/verify', token, { code });
    expect(json(again, api.apiErrorBody).message).toBe('Akun sudah terverifikasi');
  });

  it('a code dies after 30 minutes or 5 wrong guesses; resend waits a minute and sends a new code', async () => {
    const { token, input } = await registerOwner(t.app, newOwner(), { unverified: true });
    const first = await lastCodeFor(t.app, input.email);
    const tooSoon = await call('POST', '/api/user/verify/resend', token);
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon, api.apiErrorBody).message).toMatch(/^Tunggu \d+ detik sebelum mengirim ulang kode$/);

    for (let i = 0; i < 5; i++)
      await call('POST', '/api/user/verify', token, { code: first === '999999' ? '999998' : '999999' });
    expect((await call('POST', '/api/user/verify', token, { code: first })).statusCode).toBe(400);

    t.clock.advance(61_000);
    const resent = await call('POST', '/api/user/verify/resend', token);
    expect(json(resent, api.messageResponse).message).toBe(`Kode verifikasi telah dikirim ke ${input.email}`);
    const second = await lastCodeFor(t.app, input.email);
    t.clock.advance(31 * 60 * 1000);
    expect((await call('POST', '/api/user/verify', token, { code: second })).statusCode).toBe(400);
  });
});

describe('trial', () => {
  it('needs a verified owner, gives 7 days once', async () => {
    const unverified = await registerOwner(t.app, newOwner(), { unverified: true });
    expect((await call('POST', '/api/user/trial-activate', unverified.token)).statusCode).toBe(403);

    const { token } = await registerOwner(t.app, newOwner(), { trial: false });
    const res = await call('POST', '/api/user/trial-activate', token);
    expect(res.statusCode).toBe(200);
    const user = json(res, api.userMutationResponse).user;
    expect(user.trialUsed).toBe(true);
    expect(new Date(user.subscription.expiredAt!).getTime() - t.clock.now().getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    const twice = await call('POST', '/api/user/trial-activate', token);
    expect(twice.statusCode).toBe(400);
    expect(json(twice, api.apiErrorBody).message).toBe('Masa uji coba sudah pernah diaktifkan');
  });
});

describe('profile', () => {
  it('edits name and phone; a new email needs the current password and verifying again', async () => {
    const { token, input } = await registerOwner(t.app);
    const next = newOwner();
    // the form sends the unchanged email along: no password needed for that
    const res = await call('PATCH', '/api/user', token, {
      name: 'Nama Baru',
      email: input.email,
      phone: next.phone,
    });
    expect(json(res, api.userProfile)).toMatchObject({
      name: 'Nama Baru',
      phone: next.phone,
      needVerification: false,
    });

    const missing = await call('PATCH', '/api/user', token, { email: next.email });
    expect(missing.statusCode).toBe(400);
    expect(json(missing, api.apiErrorBody)).toMatchObject({
      code: 'VALIDATION',
      message: 'Kata sandi saat ini: Value is required',
      fields: { currentPassword: 'Value is required' },
    });
    const wrong = await call('PATCH', '/api/user', token, {
      email: next.email,
      currentPassword: 'keliru-123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong, api.apiErrorBody)).toMatchObject({
      message: 'Kata sandi saat ini salah',
      fields: { currentPassword: 'Kata sandi saat ini salah' },
    });
    expect(json(await call('GET', '/api/user', token), api.userProfile)).toMatchObject({
      email: input.email,
      needVerification: false,
    });
    await expect(lastCodeFor(t.app, next.email)).rejects.toThrow();

    const moved = await call('PATCH', '/api/user', token, {
      email: next.email,
      currentPassword: input.password,
    });
    expect(json(moved, api.userProfile)).toMatchObject({ email: next.email, needVerification: true });
    expect(await lastCodeFor(t.app, next.email)).toMatch(/^\d{6}$/);
  });

  it('a verified owner is told which of email and phone is taken; an unverified one is not', async () => {
    const other = await registerOwner(t.app);
    const agent = await agentFor(t, other.token, 'Agen Lain');
    const verified = await registerOwner(t.app);
    const patch = (token: string, password: string, body: object) =>
      call('PATCH', '/api/user', token, { currentPassword: password, ...body });

    const phone = await patch(verified.token, verified.input.password, { phone: other.input.phone });
    expect(phone.statusCode).toBe(409);
    expect(json(phone, api.apiErrorBody)).toMatchObject({
      message: 'Nomor telepon sudah terdaftar',
      fields: { phone: 'Nomor telepon sudah terdaftar' },
    });
    const email = await patch(verified.token, verified.input.password, { email: agent.input.email });
    expect(json(email, api.apiErrorBody)).toMatchObject({
      message: 'Email sudah terdaftar',
      fields: { email: 'Email sudah terdaftar' },
    });

    const unverified = await registerOwner(t.app, newOwner(), { unverified: true });
    const generic = 'Email atau nomor telepon tidak dapat dipakai';
    const answers = [];
    for (const taken of [other.input.email, agent.input.email]) {
      const res = await patch(unverified.token, unverified.input.password, {
        email: taken,
        phone: newOwner().phone,
      });
      expect(res.statusCode).toBe(409);
      answers.push(json(res, api.apiErrorBody));
    }
    // an owner's email, an agent's email: the same answer, naming neither account nor field
    expect(answers[0]).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: generic,
      fields: { email: generic, phone: generic },
    });
    expect(answers[1]).toEqual(answers[0]);
    const byPhone = await patch(unverified.token, unverified.input.password, {
      email: newOwner().email,
      phone: agent.input.phone,
    });
    expect(json(byPhone, api.apiErrorBody)).toEqual(answers[0]);
    expect(json(await call('GET', '/api/user', unverified.token), api.userProfile)).toMatchObject({
      email: unverified.input.email,
      phone: unverified.input.phone,
    });
  });

  it('refuses bad input and taken numbers without changing anything', async () => {
    const other = await registerOwner(t.app);
    const { token, input } = await registerOwner(t.app);
    expect(
      json(await call('PATCH', '/api/user', token, { phone: '0812345678' }), api.apiErrorBody).fields,
    ).toEqual({
      phone: 'Nomor Telepon tidak valid',
    });
    expect(
      json(await call('PATCH', '/api/user', token, { name: 'a'.repeat(101) }), api.apiErrorBody).fields,
    ).toEqual({
      name: 'The maximum length allowed is 100',
    });
    expect((await call('PATCH', '/api/user', token, { phone: other.input.phone })).statusCode).toBe(409);
    expect(json(await call('GET', '/api/user', token), api.userProfile)).toMatchObject({
      name: input.name,
      phone: input.phone,
    });
  });

  it('a password change needs the current password and ends every other session', async () => {
    const input = newOwner();
    const { token } = await registerOwner(t.app, input);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: input.email, password: input.password },
    });
    const other = json(login, api.loginResponse).token;
    const wrong = await call('PATCH', '/api/user', token, {
      password: 'baru-sekali-1',
      currentPassword: 'keliru-123',
    });
    expect(json(wrong, api.apiErrorBody).message).toBe('Kata sandi saat ini salah');
    const ok = await call('PATCH', '/api/user', token, {
      password: 'baru-sekali-1',
      currentPassword: input.password,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', other)).statusCode).toBe(401);
  });
});

describe('agents', () => {
  it('an agent signs in to the owner workspace, sees their own record, and is refused owner-only calls', async () => {
    const { token: ownerToken } = await registerOwner(t.app, newOwner(), { trial: false });
    const owner = json(await call('GET', '/api/user', ownerToken), api.userProfile);
    const agentInput = newOwner({ name: 'Agen Satu' });
    await t.ctx.db.insert(agents).values({
      ownerId: owner._id,
      name: agentInput.name,
      email: agentInput.email,
      phone: agentInput.phone,
      passwordHash: await hashPassword(agentInput.password),
      isVerified: false,
    });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: agentInput.email, password: agentInput.password },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(json(refused, api.apiErrorBody).code).toBe('AGENT_NOT_VERIFIED');

    await t.ctx.db.update(agents).set({ isVerified: true }).where(eq(agents.email, agentInput.email));
    const res = await login();
    expect(res.statusCode).toBe(200);
    const { token, user } = json(res, api.loginResponse);
    expect(user._id).toBe(owner._id);
    expect(user.agent?.name).toBe('Agen Satu');

    // their own name, phone and password they edit; their email only the owner sets (agent routes)
    const next = newOwner();
    const renamed = await call('PATCH', '/api/user', token, {
      name: 'Agen Satu Baru',
      email: agentInput.email,
      phone: next.phone,
    });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed, api.userProfile)).toMatchObject({
      agent: { name: 'Agen Satu Baru', phone: next.phone },
    });
    const moved = await call('PATCH', '/api/user', token, {
      email: next.email,
      currentPassword: agentInput.password,
    });
    expect(moved.statusCode).toBe(400);
    expect(json(moved, api.apiErrorBody)).toMatchObject({
      message: 'Email agen hanya dapat diubah oleh pemilik akun melalui menu Agen',
      fields: { email: 'Email agen hanya dapat diubah oleh pemilik akun melalui menu Agen' },
    });
    const [stored] = await t.ctx.db.select().from(agents).where(eq(agents.email, agentInput.email));
    expect(stored?.phone).toBe(next.phone);
    const taken = await call('PATCH', '/api/user', token, { phone: owner.phone });
    expect(json(taken, api.apiErrorBody)).toMatchObject({ message: 'Nomor telepon sudah terdaftar' });
    const password = await call('PATCH', '/api/user', token, {
      password: 'agen-baru-123',
      currentPassword: agentInput.password,
    });
    expect(password.statusCode).toBe(200);

    const trial = await call('POST', '/api/user/trial-activate', token);
    expect(trial.statusCode).toBe(403);
    expect(json(trial, api.apiErrorBody).message).toBe(
      'Hanya pemilik akun yang dapat melakukan tindakan ini',
    );
    expect((await call('POST', '/api/user/verify', token, { code: '123456' })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin', token)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, owner._id));
    expect(row?.trialActivatedAt).toBeNull();
  });
});

describe('protected calls', () => {
  it('refuse requests without a valid session', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['PATCH', '/api/user'],
      ['POST', '/api/user/verify'],
      ['POST', '/api/user/verify/resend'],
      ['POST', '/api/user/trial-activate'],
      ['GET', '/api/admin'],
      ['PATCH', '/api/admin'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      for (const token of [undefined, 'tidak-valid']) {
        const res = await call(method, url, token, {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(json(res, api.apiErrorBody).message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali');
      }
    }
  });
});
