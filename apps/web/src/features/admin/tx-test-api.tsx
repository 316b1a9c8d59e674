import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DEFAULT_BILLING_SETTINGS, quoteFor, type AdminTransaction } from '@sapa/contracts';
import { sessionFromAdmin, sessionStore } from '../../lib/session-store';
import { fakeFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// Test helpers of the admin screens (the owner's transaction tests have their own; features do not
// import each other).

type ApiRoutes = Parameters<typeof fakeFetch>[0];

export interface Call {
  method: string;
  /** the url with its query string */
  url: string;
  /** the JSON body as sent, parsed */
  body: unknown;
}

/** Stubs fetch with `routes`; `to` lists the calls of one method and path, with their query and body. */
export function stubApi(routes: ApiRoutes) {
  const fake = fakeFetch(routes);
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return fake.fetch(input, init);
  });
  const to = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.split('?')[0] === `/api${path}`);
  /** the query of the latest call to `path` */
  const queryOf = (path: string) => {
    const last = to('GET', path).at(-1);
    return last ? Object.fromEntries(new URL(last.url, 'http://x').searchParams) : null;
  };
  return { calls, to, queryOf };
}

export const ok = (data: unknown) => (): [number, unknown] => [200, data];

/** An API refusal as the server sends it. */
export const refused =
  (status: number, message: string, fields?: Record<string, string>) => (): [number, unknown] => [
    status,
    { statusCode: status, code: status === 409 ? 'CONFLICT' : 'VALIDATION', message, fields },
  ];

/** Signs an operator in. */
export function signInAdmin() {
  sessionStore.set(sessionFromAdmin('tok', { _id: 'ad1', name: 'Admin Sapa', username: 'admin' }));
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page at `path` (with its query) inside a router, showing where it navigates. */
export function renderAt(ui: ReactElement, path: string) {
  const [pathname, search] = path.split('?');
  return renderWithProviders(
    <MemoryRouter initialEntries={[{ pathname: pathname!, search: search ? `?${search}` : '' }]}>
      <Routes>
        <Route path={pathname} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const owner = { _id: 'u1', name: 'Toko Makmur', email: 'makmur@demo.test', phone: '6281234567890' };

/** Pro for 3 months by bank transfer, waiting, with a PNG proof. */
export const PENDING_TRANSFER: AdminTransaction = {
  ...quoteFor(DEFAULT_BILLING_SETTINGS, 'pro', 3)!,
  _id: 't1',
  plan: DEFAULT_BILLING_SETTINGS.plans[1]!,
  method: 'bank_transfer',
  status: 'pending',
  statusReason: null,
  paymentExpiresAt: '2026-03-03T08:00:00.000Z',
  paidAt: null,
  extendedTo: null,
  invoiceNumber: null,
  reference: 'SAPA-7K3M9Q',
  invoiceDetails: { businessName: 'Toko Makmur Jaya', npwp: '' },
  proof: { name: 'bukti.png', mimetype: 'image/png', size: 245_760, uploadedAt: '2026-03-02T09:00:00.000Z' },
  snap: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  owner,
};

/** The same purchase once confirmed. */
export const PAID_TRANSFER: AdminTransaction = {
  ...PENDING_TRANSFER,
  status: 'paid',
  paidAt: '2026-03-02T10:00:00.000Z',
  extendedTo: '2026-06-02T10:00:00.000Z',
  invoiceNumber: 'INV/2026/000042',
};

/** Dasar for a month through Midtrans, waiting. */
export const PENDING_MIDTRANS: AdminTransaction = {
  ...quoteFor(DEFAULT_BILLING_SETTINGS, 'dasar', 1)!,
  _id: 't2',
  plan: DEFAULT_BILLING_SETTINGS.plans[0]!,
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
  snap: { token: 'snap-token-1', redirectUrl: 'https://app.sandbox.midtrans.com/snap/v4/redirection/x' },
  createdAt: '2026-03-01T08:00:00.000Z',
  owner: { _id: 'u2', name: 'Warung Sejahtera', email: 'sejahtera@demo.test', phone: '6281200000009' },
};

/** A page of the operator's lists. */
export const page = <T,>(docs: T[], hasNextPage = false) => ({ docs, hasNextPage });
