import { StrictMode, type ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MESSAGES as M, type MetaCallbackResponse } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../../lib/session-store';
import { owner } from '../../../test/fixtures';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { InstagramCallbackPage } from '../instagram-callback-page';
import { MessengerCallbackPage } from '../messenger-callback-page';
import { WhatsappCallbackPage } from '../whatsapp-callback-page';
import { stubApi } from './meta-test-api';

/** The address bar as the router holds it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/**
 * The page at `url` under StrictMode at the root, as main.tsx renders the app (React runs each effect
 * twice only when StrictMode is the root element, so not through renderWithProviders' wrapper; the
 * default theme, since features may not import app/).
 */
function open(url: string, page: ReactElement) {
  const path = url.split('?')[0]!;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <ToastProvider>
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route path={path} element={page} />
              </Routes>
              <Address />
            </MemoryRouter>
          </ToastProvider>
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const ANSWER: MetaCallbackResponse = {
  connected: [
    {
      accountId: 'ig1',
      name: 'Toko Kopi',
      handle: '@tokokopi',
      picture: 'https://cdn.example/tokokopi.jpg',
      relinked: false,
    },
    { accountId: 'ig2', name: 'Toko Roti', handle: '@tokoroti', picture: null, relinked: true },
  ],
  skipped: [{ name: 'Halaman Arisan', reason: M.noInstagram }],
};

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('the callback pages', () => {
  it("posts the dialog's answer once, clears the address bar, and shows what was connected and skipped", async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    const api = stubApi({});
    // the answer waits until the test lets it go, to see the loader
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      api.urls.push(`${init.method ?? 'GET'} ${input}`);
      const [status, data] = await new Promise<[number, unknown]>((resolve) => (answer = resolve));
      return new Response(JSON.stringify(data), { status });
    });
    open('/user/integration/instagram/callback?code=AQB-kode&state=st-1#_=_', <InstagramCallbackPage />);

    expect(screen.getByTestId('meta-callback-pending').textContent).toContain('Menghubungkan akun…');
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/user/integration/instagram/callback'),
    );
    expect(api.urls).toEqual(['POST /api/integration/meta/callback']);
    answer([200, ANSWER]);

    const connected = await screen.findByTestId('meta-callback-connected');
    expect(within(connected).getByText('Akun berhasil dihubungkan')).toBeTruthy();
    const rows = within(connected).getAllByTestId('meta-connected-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Toko Kopi@tokokopi',
      'Toko Roti@tokorotidihubungkan ulang',
    ]);
    expect(within(rows[0]!).getByRole('img', { name: 'Toko Kopi' }).getAttribute('src')).toBe(
      'https://cdn.example/tokokopi.jpg',
    );
    const skipped = screen.getByTestId('meta-callback-skipped');
    expect(within(skipped).getByText('Halaman Arisan')).toBeTruthy();
    expect(within(skipped).getByText(M.noInstagram)).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Kembali ke Instagram' });
    expect(back.getAttribute('href')).toBe('/user/integration/instagram');
    // StrictMode ran the effects twice: still one post
    expect(api.urls).toEqual(['POST /api/integration/meta/callback']);
  });

  it('sends exactly the fields Facebook gave', async () => {
    const api = stubApi({ 'POST /api/integration/meta/callback': () => [200, ANSWER] });
    open(
      '/user/integration/instagram/callback?code=c-2&state=st-2&unknown=x&error=',
      <InstagramCallbackPage />,
    );
    await screen.findByTestId('meta-callback-connected');
    expect(api.bodies('POST', '/api/integration/meta/callback')).toEqual([
      { kind: 'instagram', state: 'st-2', code: 'c-2' },
    ]);
  });

  it("shows the server's Indonesian refusal (permission refused in Facebook)", async () => {
    const api = stubApi({
      'POST /api/integration/meta/callback': () => [400, { statusCode: 400, message: M.permissionRefused }],
    });
    open(
      '/user/integration/messenger/callback?error=access_denied&error_reason=user_denied&error_description=Permissions+error&state=st-3',
      <MessengerCallbackPage />,
    );
    const error = await screen.findByTestId('meta-callback-error');
    expect(error.textContent).toContain('Penautan gagal');
    expect(error.textContent).toContain(M.permissionRefused);
    expect(api.bodies('POST', '/api/integration/meta/callback')).toEqual([
      {
        kind: 'messenger',
        state: 'st-3',
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'Permissions error',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Kembali ke Messenger' }).getAttribute('href')).toBe(
      '/user/integration/messenger',
    );
  });

  it('without a state says the login expired and calls nothing', async () => {
    const api = stubApi({ 'POST /api/integration/meta/callback': () => [200, ANSWER] });
    open('/user/integration/instagram/callback?code=c-4', <InstagramCallbackPage />);
    expect(screen.getByTestId('meta-callback-error').textContent).toContain(M.loginExpired);
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/user/integration/instagram/callback'),
    );
    expect(api.urls).toEqual([]);
  });

  it('says so when nothing was picked', async () => {
    stubApi({ 'POST /api/integration/meta/callback': () => [200, { connected: [], skipped: [] }] });
    open('/user/integration/messenger/callback?code=c-5&state=st-5', <MessengerCallbackPage />);
    expect((await screen.findByTestId('meta-callback-none')).textContent).toContain(
      'Tidak ada akun yang dihubungkan',
    );
  });

  it('finishes Embedded Signup with the WhatsApp Business Account and number Facebook gave', async () => {
    const api = stubApi({
      'POST /api/integration/meta/callback': () => [
        200,
        {
          connected: [
            {
              accountId: 'wa9',
              name: 'CS Cloud',
              handle: '+62 812-0000-0009',
              picture: null,
              relinked: false,
            },
          ],
          skipped: [],
        },
      ],
    });
    open(
      '/user/integration/whatsapp-cloud/callback?code=c-6&state=st-6&waba_id=102290129340398&phone_number_id=106540352242922',
      <WhatsappCallbackPage />,
    );
    expect(await screen.findByText('CS Cloud')).toBeTruthy();
    expect(api.bodies('POST', '/api/integration/meta/callback')).toEqual([
      {
        kind: 'whatsapp-cloud',
        state: 'st-6',
        code: 'c-6',
        waba_id: '102290129340398',
        phone_number_id: '106540352242922',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Kembali ke WhatsApp' }).getAttribute('href')).toBe(
      '/user/integration/whatsapp',
    );
  });
});
