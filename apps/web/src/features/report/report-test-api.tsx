import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type {
  BroadcastPeriodReport,
  BroadcastRecipient,
  BroadcastReport,
  ReportDay,
  StatusPeriodReport,
} from '@sapa/contracts';
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
  return { urls, calls: fake.calls };
}

/** Captures the names of the files handed to the browser (saveBlob clicks a download link). */
export function captureDownloads() {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/x'), revokeObjectURL: vi.fn() }),
  );
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** A ResizeObserver that reports a 400 x 240 box at once: jsdom lays nothing out, the charts need a size. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 400, height: 240 } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

export function useSizedCharts() {
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page at `path` inside a router that knows its pattern, showing where it navigates. */
export function renderAt(ui: ReactElement, path: string, pattern: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

export const ok = (data: unknown) => (): [number, unknown] => [200, data];
export const FORBIDDEN = (): [number, unknown] => [
  403,
  { statusCode: 403, code: 'report.forbidden', message: 'Agen tidak memiliki izin untuk membuka laporan' },
];

const day = (d: string, sent: number, read: number, replied: number): ReportDay => ({
  day: d,
  sent,
  delivered: sent,
  read,
  replied,
  failed: 0,
});

const COUNTS = {
  total: 200,
  pending: 0,
  sent: 190,
  delivered: 180,
  read: 120,
  replied: 15,
  failed: 8,
  skipped: 2,
  optedOut: 3,
};
const RATES = { delivered: 94, read: 63, replied: 7, failed: 4, optedOut: 1 };
const REASONS = [
  { reason: 'Nomor tidak terdaftar di WhatsApp', count: 6 },
  { reason: 'Pesan gagal dikirim: timeout', count: 2 },
];

export const PROMO_ROW = {
  _id: 'b1',
  name: 'Promo Lebaran',
  state: 'finish' as const,
  createdAt: '2026-03-10T02:00:00.000Z',
  startedAt: '2026-03-10T02:00:00.000Z',
  counts: COUNTS,
};

export const MARCH: BroadcastPeriodReport = {
  year: 2026,
  month: 3,
  counts: COUNTS,
  rates: RATES,
  failureReasons: REASONS,
  days: [day('2026-03-01', 0, 0, 0), day('2026-03-10', 150, 100, 12), day('2026-03-11', 40, 20, 3)],
  broadcasts: [
    PROMO_ROW,
    {
      _id: 'b2',
      name: 'Info Stok',
      state: 'running',
      createdAt: '2026-03-20T02:00:00.000Z',
      startedAt: null,
      counts: { ...COUNTS, total: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 },
    },
  ],
};

export const EMPTY_MONTH: BroadcastPeriodReport = {
  ...MARCH,
  counts: {
    ...COUNTS,
    total: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    skipped: 0,
    optedOut: 0,
  },
  rates: { delivered: 0, read: 0, replied: 0, failed: 0, optedOut: 0 },
  failureReasons: [],
  days: [],
  broadcasts: [],
};

export const PROMO_REPORT: BroadcastReport = {
  counts: COUNTS,
  rates: RATES,
  failureReasons: REASONS,
  broadcast: PROMO_ROW,
  days: [day('2026-03-10', 150, 100, 12), day('2026-03-11', 40, 20, 3)],
};

export const BUDI: BroadcastRecipient = {
  _id: 'r1',
  name: 'Budi',
  phoneNumber: '6281234567890',
  state: 'read',
  reason: null,
  accountId: 'wa1',
  chatId: 'c1',
  sentAt: '2026-03-10T02:05:00.000Z',
  readAt: '2026-03-10T03:00:00.000Z',
  repliedAt: '2026-03-10T17:30:00.000Z',
};

export const SITI: BroadcastRecipient = {
  ...BUDI,
  _id: 'r2',
  name: 'Siti',
  phoneNumber: '6285700000000',
  state: 'failed',
  reason: 'Nomor tidak terdaftar di WhatsApp',
  sentAt: null,
  readAt: null,
  repliedAt: null,
};

export const STATUS_MARCH: StatusPeriodReport = {
  year: 2026,
  month: 3,
  totals: { posts: 2, sent: 1, failed: 1, audience: 320 },
  runs: [
    {
      _id: 'run1',
      postId: 's1',
      type: 'text',
      text: 'Buka jam 8 pagi!\nSelamat berbelanja',
      accountId: 'wa1',
      accountLabel: 'CS Toko (+62 812-3456-7890)',
      at: '2026-03-09T00:00:00.000Z',
      audience: 320,
      state: 'sent',
      reason: null,
    },
    {
      _id: 'run2',
      postId: 's2',
      type: 'image',
      text: '',
      accountId: 'wa1',
      accountLabel: 'CS Toko (+62 812-3456-7890)',
      at: '2026-03-02T00:00:00.000Z',
      audience: 0,
      state: 'failed',
      reason: 'Nomor tidak terhubung',
    },
  ],
};
