import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
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
    if (url === '/api/sandbox/accounts') return { status: 200, data: { docs: [whatsapp] } };
    if (url === '/api/sandbox/account') return { status: 201, data: instagram };
    if (url.startsWith('/api/sandbox/conversation'))
      return { status: 200, data: { chatId: null, messages: [] } };
    return { status: 404, data: { message: 'Data tidak ditemukan' } };
  });
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('the simulator page', () => {
  it("shows each account's channel and adds an Instagram sandbox for the same owner, then opens it", async () => {
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
