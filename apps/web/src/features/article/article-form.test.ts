import { describe, expect, it } from 'vitest';
import { coverProblem, EMPTY_ARTICLE_FORM, formOf, isDirty, withSlug, withTitle } from './article-form';
import { makeArticle } from './article-test-api';

describe('the article form', () => {
  it('fills the slug from the title until the slug is typed by hand', () => {
    let state = withTitle(EMPTY_ARTICLE_FORM, 'Cara Balas Chat Lebih Cepat!');
    expect(state.slug).toBe('cara-balas-chat-lebih-cepat');
    state = withTitle(state, 'Cara Balas Chat');
    expect(state.slug).toBe('cara-balas-chat');
    state = withSlug(state, 'Tips Cepat');
    expect(state).toMatchObject({ slug: 'tips-cepat', slugEdited: true });
    state = withTitle(state, 'Judul Lain');
    expect(state.slug).toBe('tips-cepat');
    // emptied, it follows the title again
    state = withTitle(withSlug(state, ''), 'Judul Baru');
    expect(state.slug).toBe('judul-baru');
  });

  it('keeps the slug of a saved article when its title changes', () => {
    const state = withTitle(formOf(makeArticle({ slug: 'alamat-lama' })), 'Judul Diganti');
    expect(state.slug).toBe('alamat-lama');
  });

  it('is dirty only when something differs from what was saved', () => {
    const saved = formOf(makeArticle({ bodyHtml: '<p>a<br />b</p>' }));
    expect(isDirty(saved, saved)).toBe(false);
    // the editor writes void tags its own way
    expect(isDirty({ ...saved, bodyHtml: '<p>a<br>b</p>' }, saved)).toBe(false);
    expect(isDirty({ ...saved, bodyHtml: '<p>a</p>' }, saved)).toBe(true);
    expect(isDirty({ ...saved, title: 'x' }, saved)).toBe(true);
    expect(isDirty({ ...saved, coverUrl: '/api/article/cover/x.png' }, saved)).toBe(true);
    // an empty editor is an empty body
    expect(isDirty({ ...EMPTY_ARTICLE_FORM, bodyHtml: '<p></p>' }, EMPTY_ARTICLE_FORM)).toBe(false);
  });

  it('refuses a cover the server would refuse before it is sent', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
    expect(coverProblem(file('image/png', 1000))).toBeNull();
    expect(coverProblem(file('image/svg+xml', 1000))).toBe('type');
    expect(coverProblem(file('image/jpeg', 6 * 1024 * 1024))).toBe('size');
  });
});
