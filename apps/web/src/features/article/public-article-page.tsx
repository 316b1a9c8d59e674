import { useEffect } from 'react';
import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatDateJakarta } from '@sapa/contracts';
import { AppImage } from '../../components/app-image';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { ApiError } from '../../lib/api-error';
import { usePublishedArticle } from '../../resources/article/article-queries';
import { ARTICLE_TEXT as T } from './article-strings';
import { PublicArticleLayout } from './public-article-layout';

/**
 * /artikel/{slug} (issue 23): one published article to read: cover, title, date (DD MMMM YYYY) and
 * the body as the server sanitised it when it was saved. A draft or another slug shows 'Artikel
 * tidak ditemukan'. Public: read without signing in; the server writes its title into the head
 * for link previews.
 */
export function PublicArticlePage() {
  const { slug = '' } = useParams();
  const query = usePublishedArticle(slug);
  const article = query.data;

  useEffect(() => {
    if (!article) return;
    document.title = `${article.title} · Sapa`;
    return () => {
      document.title = 'Sapa';
    };
  }, [article]);

  let body;
  if (article) {
    body = (
      <Stack component="article" gap="lg" data-testid="public-article">
        {article.coverUrl ? <AppImage src={article.coverUrl} alt="" className="sapa-article-cover" /> : null}
        <Stack gap={8}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} lh={1.25} data-testid="public-article-title">
            {article.title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="public-article-date">
            <time dateTime={article.publishedAt ?? undefined}>{formatDateJakarta(article.publishedAt)}</time>
          </Text>
          {article.summary ? (
            <Text size="lg" c="gray.8">
              {article.summary}
            </Text>
          ) : null}
        </Stack>
        <div
          className="sapa-article-body"
          data-testid="public-article-body"
          // sanitised by the server on every save (modules/article/sanitize.ts): an allow-list of
          // formatting tags, http(s)/mailto links and http(s) or /api/ images, nothing that runs
          dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
        />
      </Stack>
    );
  } else if (query.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" data-testid="public-article-loading">
        <Skeleton h={240} radius="md" />
        <Skeleton h={32} w="80%" radius="sm" />
        <Skeleton h={14} w={140} radius="sm" />
        <Skeleton h={200} radius="sm" />
      </Stack>
    );
  } else if (query.error instanceof ApiError && query.error.status === 404) {
    body = (
      <EmptyState
        icon={IconFileOff}
        title={T.publicNotFound}
        hint={T.publicNotFoundHint}
        testId="public-article-not-found"
        action={
          <Button component={Link} to="/artikel" variant="light" leftSection={<IconArrowLeft size={16} />}>
            {T.allArticles}
          </Button>
        }
      />
    );
  } else {
    body = (
      <LoadFailed
        text={T.publicLoadFailed}
        onRetry={() => void query.refetch()}
        testId="public-article-failed"
      />
    );
  }

  return (
    <PublicArticleLayout>
      {article ? (
        <Anchor
          component={Link}
          to="/artikel"
          size="sm"
          mb="md"
          display="inline-flex"
          style={{ gap: 4, alignItems: 'center' }}
        >
          <IconArrowLeft size={16} aria-hidden />
          {T.allArticles}
        </Anchor>
      ) : null}
      {body}
    </PublicArticleLayout>
  );
}
