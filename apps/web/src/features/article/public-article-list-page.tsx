import { useEffect } from 'react';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArticle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateJakarta } from '@sapa/contracts';
import { AppImage } from '../../components/app-image';
import { EmptyState, LoadFailed, LoadMore } from '../../components/list-states';
import { usePublishedArticles, type PublicArticleSummary } from '../../resources/article/article-queries';
import { ARTICLE_TEXT as T } from './article-strings';
import { PublicArticleLayout } from './public-article-layout';

/** A published article as a card: cover, date, title and summary, the whole card a link. */
function ArticleCard({ article }: { article: PublicArticleSummary }) {
  return (
    <Card
      component={Link}
      to={`/artikel/${encodeURIComponent(article.slug)}`}
      withBorder
      radius="md"
      padding="md"
      className="sapa-article-card"
      data-testid="public-article-card"
      data-slug={article.slug}
    >
      {article.coverUrl ? (
        <Card.Section mb="sm">
          <AppImage
            src={article.coverUrl}
            alt=""
            className="sapa-article-cover"
            style={{ borderRadius: 0 }}
          />
        </Card.Section>
      ) : null}
      <Stack gap={6} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          {formatDateJakarta(article.publishedAt)}
        </Text>
        <Title order={2} fz="h4" lh={1.3}>
          {article.title}
        </Title>
        {article.summary ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {article.summary}
          </Text>
        ) : null}
      </Stack>
      <Text size="sm" fw={600} c="brand.8" mt="sm" aria-hidden>
        {T.readMore} →
      </Text>
    </Card>
  );
}

/**
 * /artikel (issue 23): the published articles as cards, the newest first, 'Lebih Banyak' for
 * more. Public: read without signing in.
 */
export function PublicArticleListPage() {
  const list = usePublishedArticles();
  const items = list.data?.pages.flatMap((p) => p.docs);

  useEffect(() => {
    document.title = `${T.publicHeading} · Sapa`;
    return () => {
      document.title = 'Sapa';
    };
  }, []);

  let body;
  if (!items && list.isError) {
    body = (
      <LoadFailed
        text={T.publicLoadFailed}
        onRetry={() => void list.refetch()}
        testId="public-article-failed"
      />
    );
  } else if (!items) {
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        aria-busy="true"
        data-testid="public-article-loading"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (!items.length) {
    body = (
      <EmptyState
        icon={IconArticle}
        title={T.publicEmpty}
        hint={T.publicEmptyHint}
        testId="public-article-empty"
      />
    );
  } else {
    body = (
      <>
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          aria-label={T.publicListLabel}
          style={{ listStyle: 'none' }}
        >
          {items.map((article) => (
            <li key={article._id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </SimpleGrid>
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="public-article-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <PublicArticleLayout width={880}>
      <Stack gap="lg" data-testid="public-article-list">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {T.publicHeading}
          </Title>
          <Text c="dimmed">{T.publicDescription}</Text>
        </Stack>
        {body}
      </Stack>
    </PublicArticleLayout>
  );
}
