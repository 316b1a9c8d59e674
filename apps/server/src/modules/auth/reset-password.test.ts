import * as api from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  devMailbox,
  json,
  newOwner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.sapa.test' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '10.2.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

async function resetLinkFor(email: string): Promise<string> {
  const mails = await devMailbox(t.app);
  const link = mails
    .find((m) => m.to === email && m.text.includes('/reset-password?token='))
    ?.text.match(/https:\S+/)?.[0];
  if (!link) throw new Error('no reset mail');
  return link;
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const input = newOwner();
    const { token: session } = await registerOwner(t.app, input);
    const res = await post('/api/auth/reset-password/request', { email: input.email });
    expect(json(res, api.messageResponse).message).toBe(
      'Jika email terdaftar, tautan untuk mengatur ulang kata sandi telah dikirim',
    );
    const link = await resetLinkFor(input.email);
    expect(link.startsWith('https://app.sapa.test/reset-password?token=')).toBe(true);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

    const weak = await post('/api/auth/reset-password', { token, password: 'pendek' });
    expect(json(weak, api.apiErrorBody).fields).toEqual({ password: 'Kata sandi minimal 8 karakter' });

    const done = await post('/api/auth/reset-password', { token, password: 'sandi-baru-99' });
    expect(done.statusCode).toBe(200);
    expect(json(done, api.messageResponse).message).toBe('Kata sandi berhasil diubah. Silakan masuk');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: session } })).statusCode,
    ).toBe(401);
    const login = await post('/api/auth/login', { identifier: input.email, password: 'sandi-baru-99' });
    expect(login.statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', { token, password: 'sandi-lain-99' });
    expect(reused.statusCode).toBe(400);
    expect(json(reused, api.apiErrorBody).message).toBe(
      'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa',
    );
  });

  it('an expired link (after 1 hour) is refused and the password stays', async () => {
    const input = newOwner();
    await registerOwner(t.app, input);
    await post('/api/auth/reset-password/request', { email: input.email }, '10.2.0.2');
    const token = new URL(await resetLinkFor(input.email)).searchParams.get('token') ?? '';
    t.clock.advance(60 * 60 * 1000 + 1);
    const res = await post('/api/auth/reset-password', { token, password: 'sandi-baru-99' });
    expect(json(res, api.apiErrorBody).message).toBe(
      'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa',
    );
    expect(
      (await post('/api/auth/login', { identifier: input.email, password: input.password }, '10.2.0.2'))
        .statusCode,
    ).toBe(200);
  });

  it('answers the same for unknown emails and rate-limits requests', async () => {
    const unknown = await post(
      '/api/auth/reset-password/request',
      { email: 'tak.dikenal@contoh.test' },
      '10.2.0.3',
    );
    expect(json(unknown, api.messageResponse).message).toBe(
      'Jika email terdaftar, tautan untuk mengatur ulang kata sandi telah dikirim',
    );
    for (let i = 0; i < 2; i++)
      await post('/api/auth/reset-password/request', { email: 'tak.dikenal@contoh.test' }, '10.2.0.3');
    const limited = await post(
      '/api/auth/reset-password/request',
      { email: 'tak.dikenal@contoh.test' },
      '10.2.0.3',
    );
    expect(limited.statusCode).toBe(429);
  });
});
