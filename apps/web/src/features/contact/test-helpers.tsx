import type { ReactElement } from 'react';
import { onTestFinished, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ContactGroup, GroupContact } from '@sapa/contracts';
import { fakeFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

type Routes = Parameters<typeof fakeFetch>[0];

/** Stubs fetch; `urls` keeps each request's method and full url (with its query). */
export function stubApi(routes: Routes) {
  const fake = fakeFetch(routes);
  const urls: string[] = [];
  const forms: FormData[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${input}`);
    if (init.body instanceof FormData) forms.push(init.body);
    return fake.fetch(input, init);
  });
  const bodies = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { urls, bodies, forms, calls: fake.calls };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders a page at `path` inside a router that knows the Kontak routes. */
export function renderAt(ui: ReactElement, path: string, pattern = '/user/contact/broadcast') {
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

export const PELANGGAN: ContactGroup = {
  _id: 'g1',
  name: 'Pelanggan Setia',
  columns: ['Kota', 'Email'],
  total: 1250,
  createdAt: '2026-01-02T03:00:00.000Z',
  updatedAt: '2026-01-05T03:00:00.000Z',
};

export const RESELLER: ContactGroup = {
  _id: 'g2',
  name: 'Reseller',
  columns: [],
  total: 0,
  createdAt: '2026-01-02T03:00:00.000Z',
  updatedAt: '2026-01-03T03:00:00.000Z',
};

export const BUDI: GroupContact = {
  _id: 'c1',
  name: 'Budi Santoso',
  phoneNumber: '6281234567890',
  groupId: 'g1',
  group: { _id: 'g1', name: 'Pelanggan Setia' },
  values: { Kota: 'Bandung' },
  createdAt: '2026-01-02T03:00:00.000Z',
  updatedAt: '2026-01-02T03:00:00.000Z',
};

export const SITI: GroupContact = {
  ...BUDI,
  _id: 'c2',
  name: 'Siti Aminah',
  phoneNumber: '6285700001111',
  values: { Kota: 'Solo', Email: 'siti@contoh.test' },
};

/** Catches files handed to the browser (saveBlob): their names, in order. */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  const url = URL as unknown as Record<string, unknown>;
  url.createObjectURL = () => 'blob:sapa';
  url.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  onTestFinished(() => {
    click.mockRestore();
    delete url.createObjectURL;
    delete url.revokeObjectURL;
  });
  return saved;
}
