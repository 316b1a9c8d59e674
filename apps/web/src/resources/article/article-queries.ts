import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Article, ArticleBody, MessageResponse, Paged, publicArticleSummary } from '@sapa/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { articleKeys, type ArticleFilters } from './article-keys';

export { articleKeys, type ArticleFilters } from './article-keys';

/** A published article in the public list (no body). */
export type PublicArticleSummary = z.infer<typeof publicArticleSummary>;

/** Rows of the admin table per page. */
export const ARTICLE_PAGE_SIZE = 20;

const articlePath = (id: string, rest = '') => `/admin/article/${encodeURIComponent(id)}${rest}`;

/** GET /admin/article: the operators' articles, the last changed first, searched and filtered. */
export function useArticlePage(filters: ArticleFilters) {
  return useQuery({
    queryKey: articleKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Paged<Article>>(
        '/admin/article',
        { page: filters.page, limit: ARTICLE_PAGE_SIZE, q: filters.q || undefined, status: filters.status },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/article/{id}: the article the form edits (null: a new one, nothing asked). */
export function useArticle(id: string | null) {
  return useQuery({
    queryKey: articleKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<Article>(articlePath(id ?? ''), undefined, signal),
    enabled: !!id,
    retry: false,
  });
}

/** After any write: the article itself, every admin list and the public pages. */
function writeArticle(queryClient: QueryClient, article: Article): Promise<unknown> {
  queryClient.setQueryData(articleKeys.one(article._id), article);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: articleKeys.published() }),
  ]);
}

/** POST /admin/article (a new draft) or PUT /admin/article/{id} (the whole article). */
export function useSaveArticle() {
  return useMutationThen(
    ({ id, body }: { id: string | null; body: ArticleBody }) =>
      id ? api.put<Article>(articlePath(id), body) : api.post<Article>('/admin/article', body),
    writeArticle,
  );
}

/** POST /admin/article/{id}/publish | unpublish. */
export function useSetPublished() {
  return useMutationThen(
    ({ id, publish }: { id: string; publish: boolean }) =>
      api.post<Article>(articlePath(id, publish ? '/publish' : '/unpublish')),
    writeArticle,
  );
}

/** DELETE /admin/article/{id}. */
export function useDeleteArticle() {
  return useMutationThen(
    (id: string) => api.delete<MessageResponse>(articlePath(id)),
    (queryClient, _answer, id) => {
      queryClient.removeQueries({ queryKey: articleKeys.one(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: articleKeys.published() }),
      ]);
    },
  );
}

/** POST /admin/article/cover: an image for an article (cover or body); answers where it is served. */
export function uploadArticleImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ url: string }>('/admin/article/cover', form);
}

/** GET /article: the published articles, the newest first, 12 a page ('Lebih Banyak'). */
export function usePublishedArticles() {
  return usePagedQuery<PublicArticleSummary>(articleKeys.publishedList(), '/article', { limit: 12 });
}

/** GET /article/{slug}: one published article; a 404 is an answer (the page shows it), not retried. */
export function usePublishedArticle(slug: string) {
  return useQuery({
    queryKey: articleKeys.publishedOne(slug),
    queryFn: ({ signal }) => api.get<Article>(`/article/${encodeURIComponent(slug)}`, undefined, signal),
    retry: false,
  });
}
