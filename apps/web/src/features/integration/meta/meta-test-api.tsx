import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { Account, MetaIntegrationInfo } from '@sapa/contracts';
import { fakeFetch } from '../../../test/fixtures';

type ApiRoutes = Parameters<typeof fakeFetch>[0];

/** Stubs fetch; `urls` keeps each request's method and url, `bodies` the JSON bodies of one route. */
export function stubApi(routes: ApiRoutes) {
  const fake = fakeFetch(routes);
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${input}`);
    return fake.fetch(input, init);
  });
  const bodies = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { urls, bodies };
}

/** Replaces window.location so 'Hubungkan' can be watched leaving for Facebook. */
export function stubLeaving() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

export const CONFIGURED: MetaIntegrationInfo = { configured: true, problem: null, embeddedSignup: false };

/** GET /api/account answering these accounts. */
export const page = (docs: Account[]) => (): [number, unknown] => [200, { docs, hasNextPage: false }];

/** An Instagram account linked through Facebook; override anything. */
export function metaAccount(overrides: Partial<Account> = {}): Account {
  const id = overrides.id ?? 'ig1';
  return {
    _id: id,
    id,
    type: 'instagram',
    label: { name: 'Toko Kopi', phoneNumber: '' },
    isSandbox: false,
    provider: 'meta',
    status: 'connected',
    statusReason: null,
    lastSeenAt: null,
    linking: null,
    pacing: null,
    roundRobin: false,
    channel: {
      kind: 'instagram',
      externalId: '17841400000000001',
      parentId: null,
      handle: '@tokokopi',
      picture: 'https://cdn.example/tokokopi.jpg',
      needsRelink: false,
      humanAgent: false,
    },
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The tab's realtime socket; the test pushes frames through it. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
}

/** An 'account.updated' event on every open socket. */
export function pushAccount(account: Account) {
  const frame = JSON.stringify(
    JSON.stringify({ type: 'account.updated', chat: null, message: null, account }),
  );
  act(() => {
    for (const socket of FakeSocket.all) socket.onmessage?.({ data: frame } as MessageEvent);
  });
}
