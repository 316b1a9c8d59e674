import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListSkeleton, PagedList, type PagedListProps } from './paged-list';
import { pagedListOf, useListPage, type PagedQuery } from './use-list-page';

type Item = { _id: string; name: string };

function renderList(props: Partial<PagedListProps<Item>>) {
  return renderWithProviders(
    <PagedList<Item>
      items={undefined}
      loading={false}
      failed={false}
      search=""
      skeleton={<p>memuat</p>}
      failedState={<p>gagal</p>}
      notFound={<p>tidak ditemukan</p>}
      empty={<p>kosong</p>}
      loadMore={null}
      listClassName="daftar"
      listLabel="Daftar benda"
      renderItem={(item) => <li>{item.name}</li>}
      {...props}
    />,
  );
}

describe('PagedList', () => {
  it('shows the skeleton, then the failure, before the first page', () => {
    renderList({ loading: true });
    expect(screen.getByText('memuat')).toBeTruthy();
    renderList({ failed: true });
    expect(screen.getByText('gagal')).toBeTruthy();
  });

  it("says 'not found' after a search and 'empty' without one", () => {
    renderList({ items: [], search: 'x' });
    expect(screen.getByText('tidak ditemukan')).toBeTruthy();
    renderList({ items: [] });
    expect(screen.getByText('kosong')).toBeTruthy();
    // neither loading nor failed, and nothing yet: the empty state
    renderList({});
    expect(screen.getAllByText('kosong')).toHaveLength(2);
  });

  it('lists the items with what loads more under them', () => {
    renderList({
      items: [
        { _id: '1', name: 'Satu' },
        { _id: '2', name: 'Dua' },
      ],
      loading: true,
      loadMore: <button type="button">Lebih Banyak</button>,
    });
    const list = screen.getByRole('list', { name: 'Daftar benda' });
    expect(list.className).toBe('daftar');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Satu', 'Dua']);
    expect(screen.getByRole('button', { name: 'Lebih Banyak' })).toBeTruthy();
    expect(screen.queryByText('memuat')).toBeNull();
  });
});

describe('ListSkeleton', () => {
  it('draws five busy rows with the given widths and row class', () => {
    renderWithProviders(
      <ListSkeleton
        testId="x-skeleton"
        label="Memuat x"
        iconSize={40}
        widths={(i) => [`${i}%`, '10%']}
        rowClassName="baris"
      />,
    );
    const skeleton = screen.getByTestId('x-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.getAttribute('aria-label')).toBe('Memuat x');
    expect(skeleton.querySelectorAll('.baris')).toHaveLength(5);
  });
});

describe('useListPage and pagedListOf', () => {
  it('opens the form empty or with an item, and closing keeps the item', () => {
    const { result } = renderHook(() => useListPage<Item>());
    expect(result.current.readOnly).toBe(false);
    expect(result.current.form).toEqual({ opened: false, item: null });
    const item = { _id: '1', name: 'Satu' };
    act(() => result.current.openForm(item));
    expect(result.current.form).toEqual({ opened: true, item });
    act(() => result.current.closeForm());
    expect(result.current.form).toEqual({ opened: false, item });
    act(() => result.current.openForm(null));
    expect(result.current.form).toEqual({ opened: true, item: null });
  });

  it("joins the query's pages and maps its state onto the list's props", () => {
    const { result } = renderHook(() => useListPage<Item>());
    const query: PagedQuery<Item> = {
      data: { pages: [{ docs: [{ _id: '1', name: 'Satu' }] }, { docs: [{ _id: '2', name: 'Dua' }] }] },
      isPending: false,
      isError: false,
      isFetching: true,
      isFetchingNextPage: false,
      hasNextPage: true,
      fetchNextPage: vi.fn(() => Promise.resolve()),
      refetch: vi.fn(() => Promise.resolve()),
    };
    const list = pagedListOf(query, result.current);
    expect(list.items?.map((item) => item._id)).toEqual(['1', '2']);
    expect(list.searching).toBe(true);
    expect(list.props).toMatchObject({
      loading: false,
      failed: false,
      search: '',
      hasNextPage: true,
      loadingMore: false,
    });
    list.props.onLoadMore();
    list.props.onRetry();
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(query.refetch).toHaveBeenCalledTimes(1);
    act(() => list.props.onAdd());
    expect(result.current.form).toEqual({ opened: true, item: null });
    // loading the next page is not a new search
    expect(pagedListOf({ ...query, isFetchingNextPage: true }, result.current).searching).toBe(false);
  });
});
