import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STATUS_COLORS, type ContactGroup } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { owner } from '../../test/fixtures';
import { pageOf, renderAt, SENDER, STATUS_POST, stubApi, useFakeSocket } from './publication-test-api';
import { StatusFormPage } from './status-form-page';

beforeEach(() => {
  useFakeSocket();
  sessionStore.set(sessionFromUser('tok', owner));
});

const GROUP: ContactGroup = {
  _id: 'g1',
  name: 'Pelanggan Setia',
  columns: [],
  total: 2,
  createdAt: '2026-01-02T03:00:00.000Z',
  updatedAt: '2026-01-05T03:00:00.000Z',
};

function setup() {
  const api = stubApi({
    'GET /api/account': pageOf([SENDER]),
    'GET /api/group': pageOf([GROUP]),
    'POST /api/publication/status': () => [201, STATUS_POST],
  });
  renderAt(<StatusFormPage />, '/user/publication/status/form', '/user/publication/status/form');
  return api;
}

async function fillTextStatus() {
  fireEvent.click(screen.getByRole('textbox', { name: /Nomor WhatsApp/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'CS Toko (+62 812-3456-7890)', hidden: true }));
  fireEvent.change(screen.getByTestId('status-text-input'), { target: { value: 'Buka jam 8 pagi!' } });
}

const base = {
  accountId: 'wa1',
  type: 'text',
  text: 'Buka jam 8 pagi!',
  backgroundColor: STATUS_COLORS[3],
  audience: 'all',
  groupIds: [],
};

describe('Publikasi > Buat Status', () => {
  it('refuses a status without number or text, then posts a text status now on its colour', async () => {
    const api = setup();
    fireEvent.click(await screen.findByTestId('status-submit'));
    expect(await screen.findByText('Pilih nomor WhatsApp yang terhubung')).toBeTruthy();
    expect(screen.getByText('Teks status wajib diisi')).toBeTruthy();
    expect(api.bodies('POST', '/api/publication/status')).toEqual([]);

    await fillTextStatus();
    fireEvent.click(screen.getByRole('radio', { name: `Warna ${STATUS_COLORS[3]}` }));
    const preview = screen.getByTestId('status-preview');
    expect(preview.textContent).toBe('Buka jam 8 pagi!');
    expect(preview.style.background).toBe('rgb(109, 40, 217)');
    fireEvent.click(screen.getByTestId('status-submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/publication/status')).toHaveLength(1));
    expect(api.bodies('POST', '/api/publication/status')[0]).toEqual({
      ...base,
      repeat: 'none',
      scheduledAt: null,
      time: null,
      weekday: null,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/publication/status'));
  });

  it('posts at a chosen time (WIB) to chosen groups', async () => {
    const api = setup();
    await fillTextStatus();
    fireEvent.click(screen.getByRole('radio', { name: `Warna ${STATUS_COLORS[3]}` }));
    fireEvent.click(screen.getByRole('radio', { name: 'Grup kontak tertentu' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pada waktu tertentu' }));
    fireEvent.click(screen.getByTestId('status-submit'));
    expect(
      await screen.findByText('Pilih minimal satu grup kontak atau tulis minimal satu nomor'),
    ).toBeTruthy();
    expect(screen.getByText('Pilih tanggal dan jam pengiriman')).toBeTruthy();

    fireEvent.click(screen.getByRole('textbox', { name: /Grup kontak/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pelanggan Setia', hidden: true }));
    fireEvent.change(screen.getByTestId('status-schedule'), { target: { value: '2026-12-24T18:00' } });
    fireEvent.click(screen.getByTestId('status-submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/publication/status')).toHaveLength(1));
    expect(api.bodies('POST', '/api/publication/status')[0]).toEqual({
      ...base,
      audience: 'groups',
      groupIds: ['g1'],
      repeat: 'none',
      scheduledAt: '2026-12-24T18:00:00+07:00',
      time: null,
      weekday: null,
    });
  });

  it('posts every day at a time', async () => {
    const api = setup();
    await fillTextStatus();
    fireEvent.click(screen.getByRole('radio', { name: `Warna ${STATUS_COLORS[3]}` }));
    fireEvent.click(screen.getByRole('radio', { name: 'Berulang' }));
    fireEvent.change(await screen.findByTestId('status-time'), { target: { value: '06:30' } });
    fireEvent.click(screen.getByTestId('status-submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/publication/status')).toHaveLength(1));
    expect(api.bodies('POST', '/api/publication/status')[0]).toEqual({
      ...base,
      repeat: 'daily',
      scheduledAt: null,
      time: '06:30',
      weekday: null,
    });
  });

  it('posts weekly on the chosen day', async () => {
    const api = setup();
    await fillTextStatus();
    fireEvent.click(screen.getByRole('radio', { name: `Warna ${STATUS_COLORS[3]}` }));
    fireEvent.click(screen.getByRole('radio', { name: 'Berulang' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Setiap minggu' }));
    fireEvent.click(await screen.findByRole('textbox', { name: 'Hari' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jumat', hidden: true }));
    fireEvent.change(screen.getByTestId('status-time'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByTestId('status-submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/publication/status')).toHaveLength(1));
    expect(api.bodies('POST', '/api/publication/status')[0]).toEqual({
      ...base,
      repeat: 'weekly',
      scheduledAt: null,
      time: '09:00',
      weekday: 5,
    });
  });
});
