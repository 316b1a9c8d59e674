import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FilterModal } from './filter-modal';

afterEach(() => vi.unstubAllGlobals());

function stub(pages: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      return new Response(JSON.stringify(pages[path] ?? { docs: [], hasNextPage: false }));
    }),
  );
}

describe('Filter Percakapan (spec §2)', () => {
  it('counts what is picked, resets, and applies accounts, labels and agents', async () => {
    stub({
      '/api/account': {
        docs: [{ _id: 'acc1', type: 'whatsapp', label: { name: 'Toko Pusat', phoneNumber: '62811' } }],
        hasNextPage: false,
      },
      '/api/chat/label': { docs: [{ _id: 'l1', name: 'VIP', color: '#b91c1c' }], hasNextPage: true },
    });
    const onApply = vi.fn();
    renderWithProviders(
      <FilterModal
        opened
        value={{ accountIds: [], labelIds: [], agentIds: [] }}
        onClose={() => {}}
        onApply={onApply}
      />,
    );
    fireEvent.click(await screen.findByLabelText(/Toko Pusat/));
    fireEvent.click(await screen.findByLabelText('VIP'));
    expect(screen.getByTestId('filter-selected-count').textContent).toBe('2 dipilih');
    expect(within(screen.getByTestId('filter-modal')).getByText('Lebih Banyak')).toBeTruthy();
    expect(screen.getByTestId('filter-agent-empty').textContent).toBe('Tidak ada Agen');
    fireEvent.click(screen.getByTestId('filter-reset'));
    expect(screen.queryByTestId('filter-selected-count')).toBeNull();
    fireEvent.click(screen.getByLabelText('VIP'));
    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(onApply).toHaveBeenCalledWith({ accountIds: [], labelIds: ['l1'], agentIds: [] });
  });
});
