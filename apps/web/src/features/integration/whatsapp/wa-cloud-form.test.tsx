import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MESSAGES as M, WHATSAPP_MESSAGES as W, type Account } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../../lib/session-store';
import { owner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CONFIGURED, FakeSocket, page, stubApi, stubLeaving } from '../meta/meta-test-api';
import { WhatsappIntegrationPage } from '../whatsapp-integration-page';

function cloudAccount(overrides: Partial<Account> = {}): Account {
  return {
    _id: 'wc1',
    id: 'wc1',
    type: 'whatsapp',
    label: { name: 'CS Resmi', phoneNumber: '6281234500001' },
    isSandbox: false,
    provider: 'whatsapp-cloud',
    status: 'connected',
    statusReason: null,
    lastSeenAt: null,
    linking: null,
    pacing: null,
    roundRobin: false,
    channel: {
      kind: 'whatsapp-cloud',
      externalId: '106540352242922',
      parentId: null,
      handle: '+62 812-3450-0001',
      picture: null,
      needsRelink: false,
      humanAgent: false,
    },
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

const TOKEN = 'EAAGm0PX4ZCpsBAKZAZC1234567890abcdef';

/** 'Tambah Nomor', then 'WhatsApp Cloud API (resmi)'. */
async function openCloudForm() {
  fireEvent.click(await screen.findByTestId('wa-add'));
  const modal = await screen.findByTestId('wa-link-modal');
  fireEvent.click(within(modal).getByRole('radio', { name: /WhatsApp Cloud API \(resmi\)/ }));
  return modal;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.set(sessionFromUser('tok', owner));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('Integrasi > WhatsApp: the Cloud API', () => {
  it('adds a number with its ids and token, checked against the contract first', async () => {
    const api = stubApi({
      'GET /api/account': page([]),
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'POST /api/account/whatsapp-cloud': () => [201, cloudAccount()],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    const modal = await openCloudForm();
    // WhatsApp Web's form gives way to the Cloud API's
    await within(modal).findByTestId('wa-cloud-form');
    expect(within(modal).queryByTestId('wa-link-name')).toBeNull();
    expect(within(modal).getByText('Di mana menemukannya?')).toBeTruthy();
    // no Embedded Signup where the operator has not set it up
    expect(within(modal).queryByTestId('wa-cloud-embedded')).toBeNull();

    fireEvent.click(within(modal).getByTestId('wa-cloud-submit'));
    expect(await within(modal).findByText(W.labelNameInvalid)).toBeTruthy();
    expect(within(modal).getByText(M.cloudPhoneNumberIdInvalid)).toBeTruthy();
    expect(within(modal).getByText(M.cloudWabaIdInvalid)).toBeTruthy();
    expect(within(modal).getByText(M.cloudTokenInvalid)).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp-cloud')).toEqual([]);

    const token = within(modal).getByLabelText(/^Token akses/);
    expect(token.getAttribute('type')).toBe('password');
    fireEvent.change(within(modal).getByTestId('wa-cloud-name'), { target: { value: ' CS Resmi ' } });
    fireEvent.change(within(modal).getByTestId('wa-cloud-phone-number-id'), {
      target: { value: '106540352242922' },
    });
    fireEvent.change(within(modal).getByTestId('wa-cloud-waba-id'), { target: { value: '102290129340398' } });
    fireEvent.change(token, { target: { value: TOKEN } });
    fireEvent.click(within(modal).getByTestId('wa-cloud-submit'));

    expect(await screen.findByText(M.cloudConnected)).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp-cloud')).toEqual([
      { labelName: 'CS Resmi', phoneNumberId: '106540352242922', wabaId: '102290129340398', token: TOKEN },
    ]);
    const card = await screen.findByTestId('wa-card');
    expect(card.getAttribute('data-provider')).toBe('whatsapp-cloud');
    expect(within(card).getByTestId('wa-cloud-badge').textContent).toBe('Cloud API');
    expect(within(card).getByTestId('wa-number').textContent).toBe('+62 812-3450-0001');
    await waitFor(() => expect(screen.queryByTestId('wa-link-modal')).toBeNull());
  });

  it("shows the server's refusal in the form", async () => {
    const refusal = M.cloudCheckFailed.replace('{reason}', 'Invalid OAuth access token');
    stubApi({
      'GET /api/account': page([]),
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'POST /api/account/whatsapp-cloud': () => [400, { statusCode: 400, message: refusal }],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    const modal = await openCloudForm();
    await within(modal).findByTestId('wa-cloud-form');
    fireEvent.change(within(modal).getByTestId('wa-cloud-name'), { target: { value: 'CS Resmi' } });
    fireEvent.change(within(modal).getByTestId('wa-cloud-phone-number-id'), {
      target: { value: '106540352242922' },
    });
    fireEvent.change(within(modal).getByTestId('wa-cloud-waba-id'), { target: { value: '102290129340398' } });
    fireEvent.change(within(modal).getByTestId('wa-cloud-token'), { target: { value: TOKEN } });
    fireEvent.click(within(modal).getByTestId('wa-cloud-submit'));
    expect((await within(modal).findByTestId('form-error')).textContent).toContain(refusal);
    expect(screen.queryByTestId('wa-card')).toBeNull();
  });

  it('offers Embedded Signup where it is set up, and goes to Facebook', async () => {
    const assign = stubLeaving();
    const api = stubApi({
      'GET /api/account': page([]),
      'GET /api/integration/meta': () => [200, { ...CONFIGURED, embeddedSignup: true }],
      'POST /api/integration/meta/login': () => [
        200,
        { url: 'https://www.facebook.com/dialog/oauth?config_id=1' },
      ],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    const modal = await openCloudForm();
    fireEvent.click(await within(modal).findByTestId('wa-cloud-embedded'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?config_id=1'),
    );
    expect(api.bodies('POST', '/api/integration/meta/login')).toEqual([{ kind: 'whatsapp-cloud' }]);
  });

  it('says plainly when the Meta app is not set up', async () => {
    stubApi({
      'GET /api/account': page([]),
      'GET /api/integration/meta': () => [
        200,
        { configured: false, problem: M.secretKeyMissing, embeddedSignup: true },
      ],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    const modal = await openCloudForm();
    expect((await within(modal).findByTestId('wa-cloud-not-configured')).textContent).toContain(
      M.secretKeyMissing,
    );
    expect(within(modal).queryByTestId('wa-cloud-form')).toBeNull();
    expect(within(modal).queryByTestId('wa-cloud-embedded')).toBeNull();
    // WhatsApp Web stays available
    fireEvent.click(within(modal).getByRole('radio', { name: /^WhatsApp Web/ }));
    expect(within(modal).getByTestId('wa-link-name')).toBeTruthy();
  });

  it('a Cloud API card has no WhatsApp Web actions, and links again with a new token when Meta refuses it', async () => {
    const refused = cloudAccount({
      status: 'logged_out',
      channel: { ...cloudAccount().channel!, parentId: '102290129340398', needsRelink: true },
    });
    const api = stubApi({
      'GET /api/account': page([refused]),
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'POST /api/account/whatsapp-cloud': () => [201, cloudAccount()],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    const card = await screen.findByTestId('wa-card');
    expect(within(card).getByTestId('wa-status').textContent).toBe('Perlu dihubungkan ulang');
    expect(within(card).getByTestId('wa-reason').textContent).toBe(M.tokenInvalidReason);
    expect(within(card).queryByTestId('wa-last-seen')).toBeNull();

    fireEvent.click(within(card).getByTestId('wa-menu'));
    await screen.findByTestId('wa-rename');
    for (const webOnly of ['wa-test', 'wa-groups', 'wa-contacts', 'wa-reset-token'])
      expect(screen.queryByTestId(webOnly)).toBeNull();
    expect(screen.getByTestId('wa-relink').textContent).toBe('Hubungkan ulang');
    fireEvent.keyDown(screen.getByTestId('wa-relink'), { key: 'Escape' });

    fireEvent.click(within(card).getByTestId('wa-cloud-reconnect'));
    const modal = await screen.findByTestId('wa-cloud-relink-modal');
    expect(screen.queryByTestId('wa-link-modal')).toBeNull();
    const phoneId = (await within(modal).findByTestId('wa-cloud-phone-number-id')) as HTMLInputElement;
    expect(phoneId.value).toBe('106540352242922');
    expect(phoneId.readOnly).toBe(true);
    // the WhatsApp Business Account is known from the link: only the new token is typed
    expect((within(modal).getByTestId('wa-cloud-waba-id') as HTMLInputElement).value).toBe('102290129340398');
    fireEvent.change(within(modal).getByTestId('wa-cloud-token'), { target: { value: TOKEN } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Hubungkan ulang' }));

    expect(await screen.findByText(M.cloudConnected)).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp-cloud')).toEqual([
      { labelName: 'CS Resmi', phoneNumberId: '106540352242922', wabaId: '102290129340398', token: TOKEN },
    ]);
    await waitFor(() => expect(screen.getByTestId('wa-status').textContent).toBe('Terhubung'));
  });

  it('asks before removing a Cloud API number, in its own words', async () => {
    stubApi({
      'GET /api/account': page([cloudAccount()]),
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    fireEvent.click(within(await screen.findByTestId('wa-card')).getByTestId('wa-menu'));
    fireEvent.click(await screen.findByTestId('wa-delete'));
    const confirm = await screen.findByTestId('wa-delete-confirm');
    expect(within(confirm).getByText(/tetap terdaftar di akun WhatsApp Business Anda/)).toBeTruthy();
  });
});
