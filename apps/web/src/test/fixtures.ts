import type { PublicConfig, UserProfile } from '@sapa/contracts';

export const owner: UserProfile = {
  _id: 'u1',
  name: 'Toko Demo',
  email: 'pemilik@demo.test',
  phone: '6281200000001',
  isVerified: true,
  needVerification: false,
  isBetaUser: false,
  trialUsed: false,
  referralCode: 'ABC123',
  subscription: { expiredAt: null },
  agent: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const agentUser: UserProfile = {
  ...owner,
  subscription: { expiredAt: '2026-12-21T00:00:00.000Z' },
  agent: { _id: 'a1', name: 'Agen Demo', email: 'agen@demo.test', phone: '6281200000002' },
};

export const config: PublicConfig = {
  betaPaths: ['/user/integration/instagram'],
  links: {
    tutorial: 'https://t.example',
    customerService: 'https://cs.example',
    article: 'https://a.example',
  },
  devMailbox: false,
  cloudPrices: { marketing: 0, utility: 0, authentication: 0, service: 0 },
};

/** A fetch stub answering by method and path; unknown calls answer 404. */
export function fakeFetch(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0] ?? input;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, headers: (init.headers ?? {}) as Record<string, string>, body });
    const handler = routes[`${method} ${path}`];
    const [status, data] = handler
      ? handler(body)
      : [404, { statusCode: 404, message: 'Alamat tidak ditemukan' }];
    return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}
