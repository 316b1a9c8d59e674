import type { ArticleStatus } from '@sapa/contracts';

/** The admin list's filters (GET /admin/article): the search, the status and the page. */
export interface ArticleFilters {
  q: string;
  status?: ArticleStatus;
  page: number;
}

/**
 * Query keys of articles, all under ['article']: the operators' list and one article, and the
 * published ones read by the public pages (a publish refreshes both).
 */
export const articleKeys = {
  all: () => ['article'] as const,
  lists: () => ['article', 'list'] as const,
  list: (filters: ArticleFilters) => ['article', 'list', filters] as const,
  one: (id: string) => ['article', 'one', id] as const,
  published: () => ['article', 'public'] as const,
  publishedList: () => ['article', 'public', 'list'] as const,
  publishedOne: (slug: string) => ['article', 'public', 'one', slug] as const,
};
