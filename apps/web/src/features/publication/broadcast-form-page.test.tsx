import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BroadcastPreview, ContactGroup } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { owner } from '../../test/fixtures';
import { BroadcastFormPage } from './broadcast-form-page';
import { ok, pageOf, PROMO, renderAt, SENDER, stubApi, useFakeSocket } from './publication-test-api';

beforeEach(() => {
  useFakeSocket();
  sessionStore.set(sessionFromUser('tok', owner));
});

const GROUP: ContactGroup = {
  _id: 'g1',
  name: 'Pelanggan Setia',
  columns: ['Kota'],
  total: 2,
  createdAt: '2026-01-02T03:00:00.000Z',
  updatedAt: '2026-01-05T03:00:00.000Z',
};

const PREVIEW: BroadcastPreview = {
  recipients: 1,
  duplicates: 1,
  optedOut: 2,
  cold: 1,
  invalidLines: [3],
  variables: ['nama', 'nomor', 'Kota'],
  sample: { name: 'Budi', phoneNumber: '6281234567890', values: { Kota: 'Bandung' } },
  estimatedSeconds: 8100,
};

const form = (path = '/user/publication/broadcast/form') =>
  renderAt(<BroadcastFormPage />, path, '/user/publication/broadcast/form');

async function pick(label: RegExp, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('Publikasi > Buat Broadcast', () => {
  it('refuses an empty form on its fields without sending anything', async () => {
    const api = stubApi({ 'GET /api/account': pageOf([SENDER]), 'GET /api/group': pageOf([GROUP]) });
    form();
    fireEvent.click(await screen.findByTestId('broadcast-submit'));
    expect(await screen.findByText('Nama broadcast tidak valid')).toBeTruthy();
    expect(screen.getByText('Pilih minimal satu nomor pengirim')).toBeTruthy();
    expect(screen.getByText('Pilih minimal satu grup kontak atau tulis minimal satu nomor')).toBeTruthy();
    expect(screen.getByText('Teks tidak valid')).toBeTruthy();
    expect(api.bodies('POST', '/api/publication/broadcast')).toEqual([]);
    expect(api.bodies('POST', '/api/publication/broadcast/preview')).toEqual([]);
  });

  it('asks for the recipient summary as recipients change, then schedules the broadcast with its variables', async () => {
    const api = stubApi({
      'GET /api/account': pageOf([SENDER]),
      'GET /api/group': pageOf([GROUP]),
      'POST /api/publication/broadcast/preview': ok(PREVIEW),
      'POST /api/publication/broadcast': () => [201, { ...PROMO, _id: 'b9', state: 'scheduled' }],
    });
    form();
    fireEvent.change(screen.getByTestId('broadcast-name-input'), { target: { value: 'Promo Maret' } });
    await pick(/Nomor pengirim/, 'CS Toko (+62 812-3456-7890)');
    await pick(/Grup kontak/, 'Pelanggan Setia');
    fireEvent.change(screen.getByTestId('broadcast-numbers'), {
      target: { value: '081234567890\n6281234567890\nabc' },
    });

    const summary = await screen.findByTestId('summary-recipients', {}, { timeout: 3000 });
    expect(summary.textContent).toBe('1 penerima');
    expect(api.bodies('POST', '/api/publication/broadcast/preview').at(-1)).toEqual({
      accountIds: ['wa1'],
      groupIds: ['g1'],
      phoneNumbers: '081234567890\n6281234567890\nabc',
    });
    expect(screen.getByTestId('summary-duplicates').textContent).toBe('1 nomor ganda dihapus');
    expect(screen.getByTestId('summary-opted-out').textContent).toBe(
      '2 nomor berhenti berlangganan tidak dikirimi',
    );
    expect(screen.getByTestId('summary-invalid').textContent).toBe(
      'Nomor di baris 3 tidak valid dan akan dilewati',
    );
    expect(screen.getByTestId('summary-cold').textContent).toContain(
      '1 nomor belum pernah mengirim pesan ke bisnis Anda',
    );
    expect(screen.getByTestId('summary-estimate').textContent).toBe(
      'Perkiraan waktu kirim: sekitar 2 jam 15 menit',
    );

    // the group's column is offered as a variable; chips insert at the cursor
    const text = screen.getByTestId('broadcast-text') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Halo , ada promo di kota ' } });
    text.setSelectionRange(5, 5);
    const chips = within(screen.getByTestId('broadcast-variables'));
    fireEvent.click(chips.getByRole('button', { name: '{{nama}}' }));
    text.setSelectionRange(text.value.length, text.value.length);
    fireEvent.click(chips.getByRole('button', { name: '{{Kota}}' }));
    expect(text.value).toBe('Halo {{nama}}, ada promo di kota {{Kota}}');
    expect(screen.getByTestId('preview-bubble').textContent).toBe('Halo Budi, ada promo di kota Bandung');

    const fallbacks = screen.getAllByTestId('fallback-input');
    expect(fallbacks).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Nilai cadangan {{nama}}'), { target: { value: 'Kak' } });

    fireEvent.click(screen.getByRole('radio', { name: 'Jadwalkan' }));
    fireEvent.change(await screen.findByTestId('broadcast-schedule'), {
      target: { value: '2026-12-01T09:30' },
    });
    expect(screen.getByTestId('broadcast-submit').textContent).toBe('Jadwalkan');
    fireEvent.click(screen.getByTestId('broadcast-submit'));

    await waitFor(() => expect(api.bodies('POST', '/api/publication/broadcast')).toHaveLength(1));
    expect(api.bodies('POST', '/api/publication/broadcast')[0]).toEqual({
      name: 'Promo Maret',
      accountIds: ['wa1'],
      groupIds: ['g1'],
      phoneNumbers: '081234567890\n6281234567890\nabc',
      message: { type: 'text', text: 'Halo {{nama}}, ada promo di kota {{Kota}}' },
      fallbacks: { nama: 'Kak' },
      scheduledAt: '2026-12-01T09:30:00+07:00',
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/user/publication/broadcast/b9'),
    );
    expect(await screen.findByText('Broadcast berhasil dijadwalkan')).toBeTruthy();
  });

  it("shows the server's refusal on its field", async () => {
    stubApi({
      'GET /api/account': pageOf([SENDER]),
      'GET /api/group': pageOf([GROUP]),
      'POST /api/publication/broadcast/preview': ok(PREVIEW),
      'POST /api/publication/broadcast': () => [
        400,
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Nomor pengirim harus nomor WhatsApp yang terhubung',
          fields: { accountIds: 'Nomor pengirim harus nomor WhatsApp yang terhubung' },
        },
      ],
    });
    form();
    fireEvent.change(screen.getByTestId('broadcast-name-input'), { target: { value: 'Promo' } });
    await pick(/Nomor pengirim/, 'CS Toko (+62 812-3456-7890)');
    fireEvent.change(screen.getByTestId('broadcast-numbers'), { target: { value: '081234567890' } });
    fireEvent.change(screen.getByTestId('broadcast-text'), { target: { value: 'Halo' } });
    fireEvent.click(screen.getByTestId('broadcast-submit'));
    const field = await screen.findByTestId('broadcast-senders');
    await waitFor(() =>
      expect(field.closest('.mantine-InputWrapper-root')?.textContent).toContain(
        'Nomor pengirim harus nomor WhatsApp yang terhubung',
      ),
    );
    expect(screen.getByTestId('location').textContent).toBe('/user/publication/broadcast/form');
  });

  it("'Duplikat' opens the form filled from the broadcast", async () => {
    const api = stubApi({
      'GET /api/account': pageOf([SENDER]),
      'GET /api/group': pageOf([GROUP]),
      'GET /api/publication/broadcast/b1': ok(PROMO),
      'POST /api/publication/broadcast/preview': ok(PREVIEW),
      'POST /api/publication/broadcast': () => [201, { ...PROMO, _id: 'b10' }],
    });
    form('/user/publication/broadcast/form?from=b1');
    expect(await screen.findByText('Duplikat Broadcast')).toBeTruthy();
    expect(((await screen.findByTestId('broadcast-name-input')) as HTMLInputElement).value).toBe(
      'Promo Lebaran',
    );
    expect((screen.getByTestId('broadcast-text') as HTMLTextAreaElement).value).toBe(
      'Halo {{nama}}, diskon 20% hari ini!',
    );
    expect((screen.getByLabelText('Nilai cadangan {{nama}}') as HTMLInputElement).value).toBe('Kak');
    fireEvent.click(screen.getByTestId('broadcast-submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/publication/broadcast')).toHaveLength(1));
    expect(api.bodies('POST', '/api/publication/broadcast')[0]).toMatchObject({
      name: 'Promo Lebaran',
      accountIds: ['wa1'],
      groupIds: ['g1'],
      fallbacks: { nama: 'Kak' },
      scheduledAt: null,
    });
  });

  it('says so when the broadcast to duplicate is gone, and starts from an empty form', async () => {
    stubApi({ 'GET /api/account': pageOf([SENDER]), 'GET /api/group': pageOf([GROUP]) });
    form('/user/publication/broadcast/form?from=gone');
    expect((await screen.findByTestId('duplicate-missing')).textContent).toContain(
      'Broadcast yang ingin diduplikat tidak ditemukan',
    );
    expect((screen.getByTestId('broadcast-name-input') as HTMLInputElement).value).toBe('');
  });
});
