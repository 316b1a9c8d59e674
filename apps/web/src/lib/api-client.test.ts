import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, owner } from '../test/fixtures';
import { api, setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-error';
import { sessionFromUser, sessionStore } from './session-store';

describe('api client (spec §4, §6, §8)', () => {
  it('sends the token header, empty when signed out', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/config': () => [200, {}] });
    vi.stubGlobal('fetch', fetch);
    await api.get('/config');
    sessionStore.set(sessionFromUser('tok-9', owner));
    await api.get('/config');
    expect(calls.map((c) => c.headers.token)).toEqual(['', 'tok-9']);
  });

  it("throws an ApiError with the server's message and fields", async () => {
    const { fetch } = fakeFetch({
      'POST /api/auth/register/verify': () => [
        409,
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Nomor telepon sudah terdaftar',
          fields: { phone: 'Nomor telepon sudah terdaftar' },
        },
      ],
    });
    vi.stubGlobal('fetch', fetch);
    const error = await api.post('/auth/register/verify', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Nomor telepon sudah terdaftar',
      fields: { phone: 'Nomor telepon sudah terdaftar' },
    });
  });

  it('ends the session on a 401 outside /auth, but not on a failed login', async () => {
    const unauthorized = { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sesi Anda telah berakhir' };
    const { fetch } = fakeFetch({
      'GET /api/user': () => [401, unauthorized],
      'POST /api/auth/login': () => [
        401,
        { ...unauthorized, message: 'Email/nomor telepon atau kata sandi salah' },
      ],
    });
    vi.stubGlobal('fetch', fetch);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    sessionStore.set(sessionFromUser('tok', owner));

    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();

    await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports an unreachable server in Indonesian', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/config')).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('server'),
    });
  });
});
