import { fireEvent, screen, within } from '@testing-library/react';
import { IconTags } from '@tabler/icons-react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SettingList, SettingRow, type SettingListProps, type SettingListText } from './setting-list';

type Item = { _id: string; name: string };

const TEXT: SettingListText = {
  loading: 'Memuat benda',
  loadFailed: 'Daftar benda gagal dimuat.',
  retry: 'Coba Lagi',
  notFoundTitle: 'Benda tidak ditemukan',
  notFoundBody: 'Coba kata kunci lain atau hapus pencarian.',
  emptyTitle: 'Belum ada benda',
  emptyBody: 'Tambahkan benda pertama.',
  emptyAgentBody: 'Pemilik akun belum menambahkan benda.',
  add: 'Tambah Benda',
  loadMore: 'Lebih Banyak',
  listLabel: 'Daftar benda',
};

function renderList(props: Partial<SettingListProps<Item>>) {
  const handlers = {
    onLoadMore: vi.fn(),
    onRetry: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
  };
  renderWithProviders(
    <SettingList<Item>
      items={undefined}
      loading={false}
      failed={false}
      search=""
      readOnly={false}
      hasNextPage={false}
      loadingMore={false}
      text={TEXT}
      testIdPrefix="benda"
      emptyIcon={IconTags}
      skeletonWidths={() => ['40%', '20%']}
      actionLabels={(item) => [`Ubah benda ${item.name}`, `Hapus benda ${item.name}`]}
      deleteColor="red"
      renderItem={(item, actions) => (
        <SettingRow data-testid="benda-row" media={<span />} actions={actions}>
          {item.name}
        </SettingRow>
      )}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

const ITEMS = [
  { _id: '1', name: 'Satu' },
  { _id: '2', name: 'Dua' },
];

describe('SettingList', () => {
  it('shows the skeleton while loading and a retry when the first page failed', () => {
    renderList({ loading: true });
    expect(screen.getByTestId('benda-skeleton').getAttribute('aria-label')).toBe('Memuat benda');
    const { onRetry } = renderList({ failed: true });
    const failed = screen.getByTestId('benda-load-failed');
    expect(failed.textContent).toContain('Daftar benda gagal dimuat.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers the owner the add button when empty; agents get their own hint', () => {
    const { onAdd } = renderList({ items: [] });
    expect(screen.getByTestId('benda-empty').textContent).toContain('Tambahkan benda pertama.');
    fireEvent.click(screen.getByTestId('benda-add-empty'));
    expect(onAdd).toHaveBeenCalledTimes(1);
    renderList({ items: [], readOnly: true, search: '' });
    expect(screen.getAllByTestId('benda-empty').at(-1)?.textContent).toContain(
      'Pemilik akun belum menambahkan benda.',
    );
    expect(screen.getAllByTestId('benda-add-empty')).toHaveLength(1);
  });

  it("says 'not found' after a search", () => {
    renderList({ items: [], search: 'zzz' });
    expect(screen.getByTestId('benda-not-found').textContent).toContain('Benda tidak ditemukan');
  });

  it('gives each row Ubah and Hapus for the owner, and loads more', () => {
    const { onEdit, onDelete, onLoadMore } = renderList({ items: ITEMS, hasNextPage: true });
    expect(screen.getByRole('list', { name: 'Daftar benda' }).className).toBe('sapa-setting-list');
    const [first, second] = screen.getAllByTestId('benda-row') as [HTMLElement, HTMLElement];
    fireEvent.click(within(second).getByRole('button', { name: 'Ubah benda Dua' }));
    expect(onEdit).toHaveBeenCalledWith(ITEMS[1]);
    fireEvent.click(within(first).getByRole('button', { name: 'Hapus benda Satu' }));
    expect(onDelete).toHaveBeenCalledWith(ITEMS[0]);
    // no test ids on the buttons unless asked for
    expect(screen.queryByTestId('benda-edit')).toBeNull();
    fireEvent.click(screen.getByTestId('benda-more'));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('puts test ids on the buttons when asked, and no buttons for agents', () => {
    renderList({ items: ITEMS, actionTestIds: true });
    expect(screen.getAllByTestId('benda-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('benda-delete')).toHaveLength(2);
    expect(screen.queryByTestId('benda-more')).toBeNull();
    renderList({ items: ITEMS, readOnly: true });
    expect(screen.getAllByTestId('benda-row')).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: /^Ubah benda/ })).toHaveLength(2);
  });
});
