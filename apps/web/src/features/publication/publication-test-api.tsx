import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Account, Broadcast, StatusPost } from '@sapa/contracts';
import { fakeFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

type ApiRoutes = Parameters<typeof fakeFetch>[0];

/** Stubs fetch; `urls` keeps each request's method and full url (with its query). */
export function stubApi(routes: ApiRoutes) {
  const fake = fakeFetch(routes);
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${input}`);
    return fake.fetch(input, init);
  });
  const bodies = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { urls, bodies, calls: fake.calls };
}

/** The tab's realtime socket, faked: the test pushes frames through it. */
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

export function useFakeSocket() {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
}

/** Pushes one realtime frame (double-encoded, as the server sends it) through every open socket. */
export function pushFrame(event: Record<string, unknown>) {
  const frame = JSON.stringify(JSON.stringify({ chat: null, message: null, ...event }));
  act(() => {
    for (const s of FakeSocket.all) s.onmessage?.({ data: frame } as MessageEvent);
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page at `path` inside a router that knows its pattern, showing where it navigates. */
export function renderAt(ui: ReactElement, path: string, pattern: string, queryClient?: QueryClient) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
    queryClient,
  );
}

export const ok = (data: unknown) => (): [number, unknown] => [200, data];
export const pageOf = (docs: unknown[], hasNextPage = false) => ok({ docs, hasNextPage });

export const SENDER: Account = {
  _id: 'wa1',
  id: 'wa1',
  type: 'whatsapp',
  label: { name: 'CS Toko', phoneNumber: '6281234567890' },
  isSandbox: false,
  provider: 'whatsapp-web',
  status: 'connected',
  statusReason: null,
  lastSeenAt: null,
  linking: null,
  pacing: { minGapMs: 3000, hourlyCap: 250 },
  roundRobin: false,
  channel: null,
  createdAt: '2026-03-01T00:00:00.000Z',
};

export const PROMO: Broadcast = {
  _id: 'b1',
  name: 'Promo Lebaran',
  state: 'running',
  senders: [{ _id: 'wa1', name: 'CS Toko', phoneNumber: '6281234567890' }],
  groups: [{ _id: 'g1', name: 'Pelanggan Setia' }],
  message: { type: 'text', text: 'Halo {{nama}}, diskon 20% hari ini!' },
  fallbacks: { nama: 'Kak' },
  scheduledAt: null,
  startedAt: '2026-03-10T02:00:00.000Z',
  finishedAt: null,
  pausedReason: null,
  counts: {
    total: 200,
    pending: 50,
    sent: 140,
    delivered: 120,
    read: 80,
    replied: 12,
    failed: 6,
    skipped: 4,
    optedOut: 1,
  },
  createdAt: '2026-03-10T02:00:00.000Z',
  updatedAt: '2026-03-10T02:30:00.000Z',
};

export const STATUS_POST: StatusPost = {
  _id: 's1',
  account: { _id: 'wa1', name: 'CS Toko', phoneNumber: '6281234567890' },
  type: 'text',
  text: 'Buka jam 8 pagi!',
  backgroundColor: '#075e54',
  audience: 'all',
  groups: [],
  repeat: 'weekly',
  nextAt: '2026-03-16T00:00:00.000Z',
  time: '07:00',
  weekday: 1,
  state: 'running',
  runs: [
    { at: '2026-03-09T00:00:00.000Z', state: 'sent', viewers: 320, reason: null },
    { at: '2026-03-02T00:00:00.000Z', state: 'failed', viewers: 0, reason: 'Nomor tidak terhubung' },
  ],
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-09T00:00:00.000Z',
};
