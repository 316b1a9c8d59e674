import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleFormPage } from './article-form-page';
import { makeArticle, renderAt, stubApi } from './article-test-api';

/** The lazy editor and the saves take longer on a loaded machine than waitFor's default second. */
const soon = { timeout: 5000 };
const open = (path = '/admin/article/form') => renderAt(<ArticleFormPage />, path, '/admin/article/form');
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Tulis Artikel', () => {
  it('fills the slug from the title until it is edited by hand', async () => {
    stubApi({});
    open();
    type('article-title', 'Cara Balas Chat Lebih Cepat!');
    expect((screen.getByTestId('article-slug-input') as HTMLInputElement).value).toBe(
      'cara-balas-chat-lebih-cepat',
    );
    type('article-slug-input', 'tips-cepat');
    type('article-title', 'Judul Lain');
    expect((screen.getByTestId('article-slug-input') as HTMLInputElement).value).toBe('tips-cepat');
    // the editor arrives in its own chunk
    expect(await screen.findByTestId('article-editor', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('saves a draft, then edits it at ?id=', async () => {
    const created = makeArticle({ title: 'Artikel Baru', slug: 'artikel-baru', bodyHtml: '' });
    const api = stubApi({
      'POST /api/admin/article': () => [201, created],
      [`GET /api/admin/article/${created._id}`]: () => [200, created],
    });
    open();
    type('article-title', 'Artikel Baru');
    fireEvent.click(screen.getByTestId('article-save'));
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe(`/admin/article/form?id=${created._id}`),
      soon,
    );
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      title: 'Artikel Baru',
      slug: 'artikel-baru',
      summary: '',
      coverUrl: null,
    });
    expect(await screen.findByText('Ubah Artikel', undefined, soon)).toBeTruthy();
    expect(screen.getByTestId('article-status').textContent).toBe('Draf');
  });

  it("shows the server's field errors under their fields", async () => {
    stubApi({
      'POST /api/admin/article': () => [
        409,
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Slug sudah dipakai artikel lain',
          fields: { slug: 'Slug sudah dipakai artikel lain' },
        },
      ],
    });
    open();
    type('article-title', 'Judul Kembar');
    fireEvent.click(screen.getByTestId('article-save'));
    const input = screen.getByTestId('article-slug-input');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'), soon);
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Slug sudah dipakai artikel lain',
    );
  });

  it('checks the title and slug before sending', async () => {
    const api = stubApi({});
    open();
    fireEvent.click(screen.getByTestId('article-save'));
    await waitFor(
      () => expect(screen.getByTestId('article-title').getAttribute('aria-invalid')).toBe('true'),
      soon,
    );
    expect(api.calls).toEqual([]);
  });

  it('publishes a saved draft and takes a published one back', async () => {
    const draft = makeArticle();
    const live = { ...draft, status: 'published' as const, publishedAt: '2026-03-02T03:00:00.000Z' };
    const api = stubApi({
      [`GET /api/admin/article/${draft._id}`]: () => [200, draft],
      [`PUT /api/admin/article/${draft._id}`]: () => [200, draft],
      [`POST /api/admin/article/${draft._id}/publish`]: () => [200, live],
      [`POST /api/admin/article/${draft._id}/unpublish`]: () => [200, draft],
    });
    open(`/admin/article/form?id=${draft._id}`);
    fireEvent.click(await screen.findByTestId('article-publish-form'));
    await waitFor(() => expect(screen.getByTestId('article-status').textContent).toBe('Terbit'), soon);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /api/admin/article/${draft._id}`,
      `PUT /api/admin/article/${draft._id}`,
      `POST /api/admin/article/${draft._id}/publish`,
    ]);
    expect(screen.getByTestId('article-view').getAttribute('href')).toBe(`/artikel/${draft.slug}`);
    fireEvent.click(screen.getByTestId('article-unpublish-form'));
    await waitFor(() => expect(screen.getByTestId('article-status').textContent).toBe('Draf'), soon);
  });

  it('asks before leaving with unsaved changes', async () => {
    stubApi({});
    open();
    type('article-title', 'Belum Disimpan');
    fireEvent.click(screen.getByTestId('article-back'));
    expect(await screen.findByTestId('article-leave-dialog')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/article/form');
    fireEvent.click(screen.getByTestId('article-leave-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/article'), soon);
  });

  it('uploads a cover and shows its preview', async () => {
    stubApi({ 'POST /api/admin/article/cover': () => [200, { url: '/api/article/cover/cover-x.png' }] });
    const { container } = open();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array(10)], 'sampul.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    const preview = await screen.findByTestId('article-cover-preview');
    expect(preview.getAttribute('src')).toBe('/api/article/cover/cover-x.png');
    // a type the server refuses never leaves the browser
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] },
    });
    expect((await screen.findByTestId('article-cover-error')).textContent).toContain(
      'JPG, PNG, WebP atau GIF',
    );
  });
});
