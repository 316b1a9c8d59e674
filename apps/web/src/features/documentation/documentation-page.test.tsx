import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DocumentationPage } from './documentation-page';

// the renderer (Scalar, Vue) is not loaded in jsdom: the page's lazy import gets this stand-in
vi.mock('./api-reference', () => ({
  ApiReference: ({ document, serverUrl }: { document: { info: { title: string } }; serverUrl: string }) => (
    <div data-testid="api-reference">
      {document.info.title} @ {serverUrl}
    </div>
  ),
}));

const DOCUMENT = { openapi: '3.1.0', info: { title: 'Sapa API publik', version: '1.0.0' }, paths: {} };

function stubApi(status: () => number) {
  const fake = fakeFetch({
    'GET /api/v1/openapi.json': () =>
      status() === 200 ? [200, DOCUMENT] : [500, { statusCode: 500, code: 'INTERNAL', message: 'Gagal' }],
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake.calls;
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <DocumentationPage />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DocumentationPage', () => {
  it('fetches the public document and renders it with this server, under the intro', async () => {
    const calls = stubApi(() => 200);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Dokumentasi API' })).toBeTruthy();
    const intro = screen.getByTestId('api-intro');
    expect(intro.textContent).toContain('Reset token API');
    expect(intro.textContent).toContain('Authorization: Bearer TOKEN_NOMOR_ANDA');
    expect(screen.getByTestId('api-base-url').textContent).toBe(window.location.origin);
    expect(screen.getByTestId('api-curl').textContent).toContain(
      `curl -X POST ${window.location.origin}/api/v1/messages`,
    );
    expect(screen.getByRole('link', { name: 'Integrasi > WhatsApp' }).getAttribute('href')).toBe(
      '/user/integration/whatsapp',
    );
    // the skeleton until both the document and the renderer are there
    expect(screen.getByTestId('api-reference-loading')).toBeTruthy();
    const reference = await screen.findByTestId('api-reference');
    expect(reference.textContent).toBe(`Sapa API publik @ ${window.location.origin}`);
    expect(screen.queryByTestId('api-reference-loading')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/openapi.json']);
  });

  it('says so when the document fails, and loads it again on retry', async () => {
    let status = 500;
    const calls = stubApi(() => status);
    renderPage();
    const failed = await screen.findByTestId('api-reference-failed');
    expect(failed.textContent).toContain('Dokumentasi API gagal dimuat');
    expect(screen.queryByTestId('api-reference')).toBeNull();
    // the intro stays: the token and the first request do not need the document
    expect(screen.getByTestId('api-intro')).toBeTruthy();

    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    await screen.findByTestId('api-reference');
    await waitFor(() => expect(screen.queryByTestId('api-reference-failed')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/v1/openapi.json')).toHaveLength(2);
  });
});
