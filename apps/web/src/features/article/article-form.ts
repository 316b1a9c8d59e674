import { slugify, type Article, type ArticleBody } from '@sapa/contracts';

/** What the article form holds: the article's fields, and whether the slug was typed by hand. */
export interface ArticleFormState {
  title: string;
  slug: string;
  /** false while the slug follows the title (a new article, until the slug is edited by hand) */
  slugEdited: boolean;
  summary: string;
  coverUrl: string | null;
  bodyHtml: string;
}

export type ArticleField = 'title' | 'slug' | 'summary' | 'coverUrl' | 'bodyHtml';

export const EMPTY_ARTICLE_FORM: ArticleFormState = {
  title: '',
  slug: '',
  slugEdited: false,
  summary: '',
  coverUrl: null,
  bodyHtml: '',
};

/** The form of a saved article: its slug is kept (a published address must not move by itself). */
export function formOf(article: Article): ArticleFormState {
  return {
    title: article.title,
    slug: article.slug,
    slugEdited: true,
    summary: article.summary,
    coverUrl: article.coverUrl,
    bodyHtml: article.bodyHtml,
  };
}

/** A new title; the slug follows it until it has been edited by hand. */
export function withTitle(state: ArticleFormState, title: string): ArticleFormState {
  return { ...state, title, slug: state.slugEdited ? state.slug : slugify(title) };
}

/** A slug typed by hand: kept from now on; emptied, it follows the title again. */
export function withSlug(state: ArticleFormState, slug: string): ArticleFormState {
  const typed = slug.toLowerCase().replace(/\s+/g, '-');
  return typed ? { ...state, slug: typed, slugEdited: true } : { ...state, slug: '', slugEdited: false };
}

/** The body the API takes (POST/PUT /admin/article); the contracts' schema checks it on submit. */
export function bodyOf(state: ArticleFormState): ArticleBody {
  return {
    title: state.title,
    slug: state.slug,
    summary: state.summary,
    coverUrl: state.coverUrl,
    bodyHtml: state.bodyHtml,
  };
}

/** Whether the form says something else than what was last saved (the leave-page guard asks). */
export function isDirty(state: ArticleFormState, saved: ArticleFormState): boolean {
  return (
    state.title !== saved.title ||
    state.slug !== saved.slug ||
    state.summary !== saved.summary ||
    state.coverUrl !== saved.coverUrl ||
    normalizeHtml(state.bodyHtml) !== normalizeHtml(saved.bodyHtml)
  );
}

/**
 * HTML compared for changes: the editor writes an empty document as '<p></p>' and self-closes
 * void tags differently from the server's sanitiser ('<br>' and '<br />').
 */
function normalizeHtml(html: string): string {
  const text = html.replace(/\s*\/>/g, '>').trim();
  return text === '<p></p>' ? '' : text;
}

/** A cover file the server would refuse, said before it is sent (null when it may be sent). */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
export function coverProblem(file: File): 'type' | 'size' | null {
  if (!COVER_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_COVER_BYTES) return 'size';
  return null;
}
