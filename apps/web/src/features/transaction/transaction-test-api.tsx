import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  DEFAULT_BILLING_SETTINGS,
  quoteFor,
  type BillingOffer,
  type Transaction,
  type UserProfile,
} from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

type ApiRoutes = Parameters<typeof fakeFetch>[0];

export interface Call {
  method: string;
  /** the url with its query string */
  url: string;
  /** the body as sent (a FormData stays one) */
  body: unknown;
}

/** Stubs fetch with `routes`; `calls` keeps each request's method, full url and raw body. */
export function stubApi(routes: ApiRoutes) {
  const fake = fakeFetch(routes);
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url: input, body: init.body });
    return fake.fetch(input, init);
  });
  const to = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.split('?')[0] === `/api${path}`);
  return { calls, to };
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

/** Signs `user` in and fakes the socket. */
export function signIn(user: UserProfile = owner) {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.set(sessionFromUser('tok', user));
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
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders a page at `path` inside a router that knows its pattern, showing where it navigates. */
export function renderAt(ui: ReactElement, path: string, pattern: string, state?: unknown) {
  return renderWithProviders(
    <MemoryRouter
      initialEntries={[
        { pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
      ]}
    >
      <Routes>
        <Route path={pattern} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

export const ok = (data: unknown) => (): [number, unknown] => [200, data];

export const OFFER: BillingOffer = {
  plans: DEFAULT_BILLING_SETTINGS.plans,
  durations: DEFAULT_BILLING_SETTINGS.durations,
  trialDays: 7,
  ppn: DEFAULT_BILLING_SETTINGS.ppn,
  bankAccounts: [{ bankName: 'BCA', accountNumber: '1234567890', accountHolder: 'PT Sapa Digital' }],
  midtrans: { clientKey: 'SB-Mid-client-abc123', snapJsUrl: 'https://app.sandbox.midtrans.com/snap/snap.js' },
  invoiceDetails: { businessName: 'Toko Demo', npwp: '' },
};

/** Pro for 3 months by bank transfer, waiting for the money. */
export const PENDING_TRANSFER: Transaction = {
  ...quoteFor(OFFER, 'pro', 3)!,
  _id: 't1',
  plan: OFFER.plans[1]!,
  method: 'bank_transfer',
  status: 'pending',
  statusReason: null,
  paymentExpiresAt: '2026-03-03T08:00:00.000Z',
  paidAt: null,
  extendedTo: null,
  invoiceNumber: null,
  reference: 'SAPA-7K3M9Q',
  invoiceDetails: { businessName: 'Toko Demo', npwp: '' },
  proof: null,
  snap: null,
  createdAt: '2026-03-02T08:00:00.000Z',
};

/** The same purchase once the admin confirmed it. */
export const PAID_TRANSFER: Transaction = {
  ...PENDING_TRANSFER,
  status: 'paid',
  paidAt: '2026-03-02T10:00:00.000Z',
  extendedTo: '2026-06-02T10:00:00.000Z',
  invoiceNumber: 'INV/2026/000042',
};

/** Dasar for a month through Midtrans, with its Snap token. */
export const PENDING_MIDTRANS: Transaction = {
  ...quoteFor(OFFER, 'dasar', 1)!,
  _id: 't2',
  plan: OFFER.plans[0]!,
  method: 'midtrans',
  status: 'pending',
  statusReason: null,
  paymentExpiresAt: '2026-03-03T08:00:00.000Z',
  paidAt: null,
  extendedTo: null,
  invoiceNumber: null,
  reference: 'SAPA-2B8XQ4',
  invoiceDetails: { businessName: '', npwp: '' },
  proof: null,
  snap: {
    token: 'snap-token-1',
    redirectUrl: 'https://app.sandbox.midtrans.com/snap/v4/redirection/snap-token-1',
  },
  createdAt: '2026-03-02T08:00:00.000Z',
};
