import { useRoutes } from 'react-router';
import { lazyPage } from './lazy-page';
import { QueryProvider } from './query-provider';

const List = lazyPage(() => import('../features/article/public-article-list-page'), 'PublicArticleListPage');
const Article = lazyPage(() => import('../features/article/public-article-page'), 'PublicArticlePage');

/** /artikel and /artikel/{slug} (issue 23): the published articles, public, with their own server cache. */
export function ArticleRoutes() {
  const element = useRoutes([
    { index: true, element: <List /> },
    { path: ':slug', element: <Article /> },
  ]);
  return <QueryProvider>{element}</QueryProvider>;
}
