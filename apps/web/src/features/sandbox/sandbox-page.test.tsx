import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { owner } from '../../test/fixtures';
import { setSandboxLinkKey } from './sandbox-api';
import { SandboxPage } from './sandbox-page';
import { checkCustomer } from './sandbox-setup';
import { stubApi } from './sandbox-test-api';

const whatsapp = {
  _id: 'acc-wa',
  type: 'whatsapp',
  label: { name: 'Toko Demo', phoneNumber: '6281100000001' },
  ownerName: 'Toko Sapa Demo',
};
const instagram = { _id: 'acc-ig', type: 'instagram', label: { name: 'Sandbox Instagram', phoneNumber: '' } };

function fakeApi() {
  const posts: { url: string; body: unknown }[] = [];
  stubApi((url, method, init) => {
    if (method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
    // the owner's session on every call (the simulator is theirs)
    if ((init.headers as Record<string, string>).token !== 'owner-token')
      return { status: 401, data: { message: 'Unauthorized' } };
    if (url === '/api/sandbox/accounts') return { status: 200, data: { docs: [whatsapp] } };
    if (url === '/api/sandbox/account') return { status: 201, data: instagram };
    if (url.startsWith('/api/sandbox/conversation'))
      return { status: 200, data: { chatId: null, messages: [] } };
    return { status: 404, data: { message: 'Data tidak ditemukan' } };
  });
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  setSandboxLinkKey(null);
});

describe('the simulator page', () => {
  it('asks a visitor with neither a session nor a link to sign in, and calls nothing', async () => {
    const calls: string[] = [];
    stubApi((url) => {
      calls.push(url);
      return { status: 401, data: { message: 'Unauthorized' } };
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/sandbox']}>
        <SandboxPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/hanya dapat dipakai oleh pemilik akun/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Masuk' }).getAttribute('href')).toBe('/login');
    expect(calls.filter((url) => url.startsWith('/api/sandbox'))).toEqual([]);
  });

  it("shows each account's channel and adds an Instagram sandbox for the same owner, then opens it", async () => {
    sessionStore.set(sessionFromUser('owner-token', owner));
    const posts = fakeApi();
    renderWithProviders(
      <MemoryRouter initialEntries={['/sandbox']}>
        <SandboxPage />
      </MemoryRouter>,
    );
    const select = (await screen.findByTestId('sandbox-account')) as HTMLSelectElement;
    expect(select.value).toBe('acc-wa');
    expect(select.getAttribute('data-channel')).toBe('whatsapp');
    expect(within(select).getByRole('option', { name: 'Toko Demo (WhatsApp)' })).toBeTruthy();
    expect(screen.getByText('+6281100000001 milik Toko Sapa Demo')).toBeTruthy();

    fireEvent.click(screen.getByTestId('sandbox-add-instagram'));
    await waitFor(() => expect(select.value).toBe('acc-ig'));
    expect(posts).toEqual([
      { url: '/api/sandbox/account', body: { accountId: 'acc-wa', type: 'instagram' } },
    ]);
    expect(within(select).getByRole('option', { name: 'Sandbox Instagram (Instagram)' })).toBeTruthy();
    expect(select.getAttribute('data-channel')).toBe('instagram');
    expect(screen.getByText('Instagram milik Toko Sapa Demo')).toBeTruthy();
    // the default customer is valid: the phone opens on the new account
    const phone = await screen.findByTestId('sandbox-phone');
    expect(phone.getAttribute('data-channel')).toBe('instagram');
    expect(screen.getByTestId('sandbox-business-name').textContent).toBe('Sandbox Instagram');
  });

  it('opened from a secret link, sends its key on every call and offers no way into the inbox', async () => {
    const urls: string[] = [];
    stubApi((url) => {
      urls.push(url);
      if (url.startsWith('/api/sandbox/accounts?')) return { status: 200, data: { docs: [whatsapp] } };
      return { status: 200, data: { chatId: null, messages: [] } };
    });
    renderWithProviders(
      <MemoryRouter
        initialEntries={['/sandbox?accountId=acc-wa&phoneNumber=6281234567890&key=acc-wa.rahasia']}
      >
        <SandboxPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('sandbox-phone');
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/sandbox/conversation'))).toBe(true));
    for (const url of urls) expect(new URL(url, 'http://x').searchParams.get('key')).toBe('acc-wa.rahasia');
    // no way into the inbox from a link
    expect(screen.queryByText('Buka Kotak Masuk')).toBeNull();
  });

  it("checks the customer's name and number by the inbound rules", () => {
    expect(checkCustomer({ accountId: '', name: ' ', phoneNumber: '0812' }).errors).toEqual({
      accountId: 'Value is required',
      name: 'Value is required',
      phoneNumber: 'Nomor Telepon tidak valid',
    });
    expect(checkCustomer({ accountId: 'a', name: ' Budi ', phoneNumber: '6281234567890' }).customer).toEqual({
      accountId: 'a',
      name: 'Budi',
      phoneNumber: '6281234567890',
    });
  });
});
