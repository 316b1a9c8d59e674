import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleListPage } from './article-list-page';
import { makeArticle, renderAt, stubApi } from './article-test-api';

const open = (path = '/admin/article') => renderAt(<ArticleListPage />, path, '/admin/article');
const page =
  (docs: unknown[], hasNextPage = false) =>
  (): [number, unknown] => [200, { docs, hasNextPage }];

describe('Artikel (admin)', () => {
  it('lists title, slug, status and actions, and pages on', async () => {
    const draft = makeArticle({ title: 'Draf Satu', slug: 'draf-satu' });
    const live = makeArticle({
      title: 'Terbit Dua',
      status: 'published',
      publishedAt: '2026-03-02T03:00:00Z',
    });
    const api = stubApi({ 'GET /api/admin/article': page([draft, live], true) });
    open();
    const rows = await screen.findAllByTestId('article-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Draf Satu');
    expect(within(rows[0]!).getByTestId('article-slug').textContent).toBe('draf-satu');
    expect(within(rows[0]!).getByTestId('article-status').textContent).toBe('Draf');
    expect(within(rows[1]!).getByTestId('article-status').textContent).toBe('Terbit');
    expect(within(rows[0]!).getByTestId('article-publish')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('article-unpublish')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('article-edit').getAttribute('href')).toBe(
      `/admin/article/form?id=${draft._id}`,
    );
    expect(api.calls.map((c) => c.url)).toContain('/api/admin/article?page=1&limit=20');

    fireEvent.click(screen.getByTestId('article-next'));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/admin/article?page=2&limit=20'));
    expect(screen.getByTestId('location').textContent).toBe('/admin/article?page=2');
  });

  it('searches and filters by status through the query, kept in the address', async () => {
    const api = stubApi({ 'GET /api/admin/article': page([makeArticle()]) });
    open('/admin/article?status=published');
    await screen.findAllByTestId('article-row');
    expect(api.calls.map((c) => c.url)).toContain('/api/admin/article?page=1&limit=20&status=published');
    fireEvent.change(screen.getByTestId('article-search'), { target: { value: 'promo' } });
    await waitFor(() =>
      expect(api.calls.map((c) => c.url)).toContain(
        '/api/admin/article?page=1&limit=20&q=promo&status=published',
      ),
    );
    expect(screen.getByTestId('location').textContent).toBe('/admin/article?q=promo&status=published');
  });

  it('shows the empty state with a way to write, and a not-found state when filtered', async () => {
    stubApi({ 'GET /api/admin/article': page([]) });
    open();
    const empty = await screen.findByTestId('article-empty');
    expect(empty.textContent).toContain('Belum ada artikel');
    expect(
      within(empty)
        .getByRole('link', { name: /Tulis Artikel/ })
        .getAttribute('href'),
    ).toBe('/admin/article/form');
  });

  it('shows not found when a search matches nothing', async () => {
    stubApi({ 'GET /api/admin/article': page([]) });
    open('/admin/article?q=tidak-ada');
    expect(await screen.findByTestId('article-not-found')).toBeTruthy();
  });

  it('publishes from the row and deletes only after confirming', async () => {
    const draft = makeArticle({ title: 'Akan Dihapus' });
    const api = stubApi({
      'GET /api/admin/article': page([draft]),
      [`POST /api/admin/article/${draft._id}/publish`]: () => [200, { ...draft, status: 'published' }],
      [`DELETE /api/admin/article/${draft._id}`]: () => [200, { message: 'Artikel dihapus' }],
    });
    open();
    const row = await screen.findByTestId('article-row');
    fireEvent.click(within(row).getByTestId('article-publish'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));

    fireEvent.click(within(row).getByTestId('article-delete'));
    const dialog = await screen.findByTestId('article-delete-dialog');
    expect(dialog.textContent).toContain('Akan Dihapus');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('article-delete-confirm'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
