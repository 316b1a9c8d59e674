import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OptOut } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { owner } from '../../test/fixtures';
import { BroadcastListPage } from './broadcast-list-page';
import { ok, pageOf, renderAt, stubApi, useFakeSocket } from './publication-test-api';

beforeEach(() => {
  useFakeSocket();
  sessionStore.set(sessionFromUser('tok', owner));
});

const BUDI: OptOut = {
  _id: 'o1',
  phoneNumber: '6281234567890',
  source: 'reply',
  createdAt: '2026-03-10T02:00:00.000Z',
};

describe('Publikasi > Broadcast: Daftar Berhenti Langganan', () => {
  it('edits the stop words, adds a number and removes one after confirming', async () => {
    let numbers = [BUDI];
    const api = stubApi({
      'GET /api/publication/broadcast': pageOf([]),
      'GET /api/publication/stop-words': ok({ words: ['STOP', 'BERHENTI'] }),
      'PUT /api/publication/stop-words': (body) => [200, body],
      'GET /api/publication/opt-out': () => [200, { docs: numbers, hasNextPage: false }],
      'POST /api/publication/opt-out': () => {
        const added: OptOut = {
          _id: 'o2',
          phoneNumber: '6285700000000',
          source: 'manual',
          createdAt: BUDI.createdAt,
        };
        numbers = [added, ...numbers];
        return [201, added];
      },
      'DELETE /api/publication/opt-out/o1': () => {
        numbers = numbers.filter((n) => n._id !== 'o1');
        return [200, { message: 'Nomor dihapus dari daftar berhenti berlangganan' }];
      },
    });
    renderAt(<BroadcastListPage />, '/user/publication/broadcast', '/user/publication/broadcast');
    fireEvent.click(await screen.findByTestId('opt-out-open'));
    const modal = await screen.findByTestId('opt-out-modal');

    const row = await within(modal).findByTestId('opt-out-row');
    expect(row.textContent).toContain('+62 812-3456-7890');
    expect(row.textContent).toContain('Membalas kata berhenti');

    const words = within(modal).getByRole('textbox', { name: /Kata berhenti/ });
    fireEvent.change(words, { target: { value: 'unsub' } });
    fireEvent.keyDown(words, { key: 'Enter' });
    fireEvent.click(within(modal).getByTestId('stop-words-save'));
    await waitFor(() =>
      expect(api.bodies('PUT', '/api/publication/stop-words')).toEqual([
        { words: ['STOP', 'BERHENTI', 'UNSUB'] },
      ]),
    );

    fireEvent.change(within(modal).getByRole('textbox', { name: 'Tambah nomor' }), {
      target: { value: '085700000000' },
    });
    fireEvent.click(within(modal).getByTestId('opt-out-add'));
    await waitFor(() => expect(within(modal).getAllByTestId('opt-out-row')).toHaveLength(2));
    expect(api.bodies('POST', '/api/publication/opt-out')).toEqual([{ phoneNumber: '085700000000' }]);

    fireEvent.click(within(modal).getByRole('button', { name: 'Hapus +62 812-3456-7890' }));
    const confirm = await screen.findByTestId('opt-out-remove-confirm');
    expect(confirm.textContent).toContain('+62 812-3456-7890 akan kembali menerima broadcast berikutnya.');
    expect(api.urls.some((u) => u.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(within(modal).getAllByTestId('opt-out-row')).toHaveLength(1));
    expect(api.urls).toContain('DELETE /api/publication/opt-out/o1');
  });
});
