import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Article } from '@sapa/contracts';
import { fakeFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

/** One request as the page sent it. */
export interface Call {
  method: string;
  /** the url with its query string */
  url: string;
  body: unknown;
}

/** Stubs fetch with `routes` ('METHOD /api/path'); `calls` keeps every request. */
export function stubApi(routes: Parameters<typeof fakeFetch>[0]) {
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
  return { calls };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page at `path` in a router that knows its pattern, showing where it navigates. */
export function renderAt(ui: ReactElement, path: string, pattern: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={ui} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

let seq = 0;
/** An article with sensible defaults; override what the test is about. */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  seq += 1;
  return {
    _id: `a${seq}`,
    title: `Tips Membalas Chat ${seq}`,
    slug: `tips-membalas-chat-${seq}`,
    summary: 'Ringkasan artikel.',
    coverUrl: null,
    bodyHtml: '<p>Isi artikel.</p>',
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-03-01T02:00:00.000Z',
    updatedAt: '2026-03-02T03:00:00.000Z',
    ...overrides,
  };
}
