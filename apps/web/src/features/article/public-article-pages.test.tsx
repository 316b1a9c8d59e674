import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArticle, renderAt, stubApi } from './article-test-api';
import { PublicArticleListPage } from './public-article-list-page';
import { PublicArticlePage } from './public-article-page';

describe('/artikel', () => {
  it('shows the published articles as cards linking to their pages', async () => {
    const a = makeArticle({
      title: 'Cara Cepat',
      slug: 'cara-cepat',
      summary: 'Ringkas.',
      status: 'published',
      publishedAt: '2026-01-05T03:00:00.000Z',
      coverUrl: '/api/article/cover/cover-x.png',
    });
    const api = stubApi({ 'GET /api/article': () => [200, { docs: [a], hasNextPage: false }] });
    renderAt(<PublicArticleListPage />, '/artikel', '/artikel');
    const card = await screen.findByTestId('public-article-card');
    expect(card.getAttribute('href')).toBe('/artikel/cara-cepat');
    expect(card.textContent).toContain('Cara Cepat');
    expect(card.textContent).toContain('Ringkas.');
    expect(card.textContent).toContain('05 Januari 2026');
    expect(api.calls[0]!.url).toBe('/api/article?page=1&limit=12');
    expect(document.title).toBe('Artikel · Sapa');
  });

  it('says when nothing is published yet', async () => {
    stubApi({ 'GET /api/article': () => [200, { docs: [], hasNextPage: false }] });
    renderAt(<PublicArticleListPage />, '/artikel', '/artikel');
    expect((await screen.findByTestId('public-article-empty')).textContent).toContain('Belum ada artikel');
  });
});

describe('/artikel/{slug}', () => {
  it("renders the article with its date and the server's sanitised body", async () => {
    const a = makeArticle({
      title: 'Judul Bacaan',
      slug: 'judul-bacaan',
      status: 'published',
      publishedAt: '2026-03-09T20:00:00.000Z',
      bodyHtml: '<h2>Langkah</h2><p><strong>Tebal</strong> dan <a href="https://sapa.test">tautan</a></p>',
    });
    stubApi({ 'GET /api/article/judul-bacaan': () => [200, a] });
    renderAt(<PublicArticlePage />, '/artikel/judul-bacaan', '/artikel/:slug');
    expect((await screen.findByTestId('public-article-title')).textContent).toBe('Judul Bacaan');
    // the day in Jakarta
    expect(screen.getByTestId('public-article-date').textContent).toBe('10 Maret 2026');
    const body = screen.getByTestId('public-article-body');
    expect(within(body).getByRole('heading', { level: 2 }).textContent).toBe('Langkah');
    expect(within(body).getByRole('link').getAttribute('href')).toBe('https://sapa.test');
    expect(document.title).toBe('Judul Bacaan · Sapa');
  });

  it('shows the not-found state for a draft or another slug', async () => {
    stubApi({
      'GET /api/article/tidak-ada': () => [
        404,
        { statusCode: 404, code: 'NOT_FOUND', message: 'Artikel tidak ditemukan' },
      ],
    });
    renderAt(<PublicArticlePage />, '/artikel/tidak-ada', '/artikel/:slug');
    const state = await screen.findByTestId('public-article-not-found');
    expect(state.textContent).toContain('Artikel tidak ditemukan');
    expect(within(state).getByRole('link').getAttribute('href')).toBe('/artikel');
  });
});
