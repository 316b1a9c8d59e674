import { useState } from 'react';
import { Anchor, Box, Button, Card, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconArticle, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  interpolate,
  t,
  WEB_MESSAGES,
  type Article,
  type ArticleStatus,
} from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { EmptyState, LoadFailed, NotFoundState } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { formatWibTime } from '../../lib/wib-time';
import {
  useArticlePage,
  useDeleteArticle,
  useSetPublished,
  type ArticleFilters,
} from '../../resources/article/article-queries';
import { ARTICLE_TEXT as T } from './article-strings';
import { ArticleStatusBadge } from './article-status-badge';

/** At this width and below the table becomes cards. */
const CARDS_QUERY = '(max-width: 48em)';

const formPath = (id: string) => `/admin/article/form?id=${encodeURIComponent(id)}`;

function filtersOf(params: URLSearchParams): ArticleFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: ARTICLE_STATUSES.includes(status as ArticleStatus) ? (status as ArticleStatus) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * /admin/article (issue 23): the operators' articles, the last changed first, searched by title or
 * slug and filtered by status (both kept in the address), 20 a page; each row edits, publishes or
 * takes back, and deletes after a confirmation.
 */
export function ArticleListPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.q);
  const list = useArticlePage(filters);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const toast = useToast();
  const setPublished = useSetPublished();
  const remove = useDeleteArticle();
  const [deleting, setDeleting] = useState<Article | null>(null);

  const update = (next: Partial<ArticleFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const query: Record<string, string> = {};
    if (merged.q) query.q = merged.q;
    if (merged.status) query.status = merged.status;
    if (merged.page > 1) query.page = String(merged.page);
    setParams(query, { replace: true });
  };
  const searchLater = useDebouncedCallback((q: string) => update({ q: q.trim() }), 300);

  const failed = (error: unknown) =>
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });

  const togglePublished = (article: Article) => {
    const publish = article.status !== 'published';
    setPublished.mutate(
      { id: article._id, publish },
      {
        onSuccess: () =>
          toast.show({
            title: t('common.success'),
            message: publish ? T.published : T.unpublished,
            type: 'success',
          }),
        onError: failed,
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        setDeleting(null);
        toast.show({ title: t('common.success'), message: T.deleted, type: 'success' });
      },
      onError: (error) => {
        setDeleting(null);
        failed(error);
      },
    });
  };

  const rows = list.data?.docs;
  const filtered = !!filters.q || !!filters.status;
  const create = (
    <Button
      component={Link}
      to="/admin/article/form"
      leftSection={<IconPlus size={16} />}
      data-testid="article-create"
    >
      {T.create}
    </Button>
  );
  const actions = {
    pending: setPublished.isPending ? setPublished.variables?.id : undefined,
    onToggle: togglePublished,
    onDelete: setDeleting,
  };

  let body;
  if (!rows && list.isError) {
    body = (
      <LoadFailed text={T.loadFailed} onRetry={() => void list.refetch()} testId="article-load-failed" />
    );
  } else if (!rows) {
    body = <ListSkeleton />;
  } else if (!rows.length) {
    body = filtered ? (
      <NotFoundState title={T.notFound} hint={T.notFoundHint} testId="article-not-found" />
    ) : (
      <EmptyState
        icon={IconArticle}
        title={T.empty}
        hint={T.emptyHint}
        action={create}
        testId="article-empty"
      />
    );
  } else {
    body = cards ? <ArticleCards rows={rows} {...actions} /> : <ArticleTable rows={rows} {...actions} />;
  }

  const hasNext = !!list.data?.hasNextPage;
  return (
    <Stack gap="md" data-testid="article-list-page">
      <PageHeader title={T.listHeading} description={T.listDescription} actions={create} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Box style={{ flex: '1 1 260px' }}>
          <SearchInput
            value={search}
            onChange={(value) => {
              setSearch(value);
              searchLater(value);
            }}
            searching={list.isFetching && !!list.data}
            label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            clearLabel="Hapus pencarian"
            testId="article-search"
          />
        </Box>
        <Select
          aria-label={T.statusFilter}
          data={[
            { value: 'all', label: T.statusAll },
            ...ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_LABELS[s] })),
          ]}
          value={filters.status ?? 'all'}
          onChange={(value) =>
            update({ status: value && value !== 'all' ? (value as ArticleStatus) : undefined })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="article-status-filter"
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
      {filters.page > 1 || hasNext ? (
        <Group justify="space-between" component="nav" aria-label={T.pagination}>
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            disabled={filters.page <= 1}
            onClick={() => update({ page: filters.page - 1, q: filters.q })}
            data-testid="article-prev"
          >
            {T.pagePrev}
          </Button>
          <Text size="sm" c="dimmed" data-testid="article-page">
            {interpolate(T.pageOf, { page: filters.page })}
          </Text>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} />}
            disabled={!hasNext}
            onClick={() => update({ page: filters.page + 1, q: filters.q })}
            data-testid="article-next"
          >
            {T.pageNext}
          </Button>
        </Group>
      ) : null}
      <ConfirmDeleteDialog
        opened={!!deleting}
        title={T.deleteTitle}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="article-delete-dialog"
        submitTestId="article-delete-confirm"
      >
        <Text size="sm">
          {deleting ? interpolate(T.deleteBody, { title: deleting.title, slug: deleting.slug }) : null}
        </Text>
      </ConfirmDeleteDialog>
    </Stack>
  );
}

interface RowActionsProps {
  /** the article whose publish/unpublish is running */
  pending: string | undefined;
  onToggle: (article: Article) => void;
  onDelete: (article: Article) => void;
}

function RowActions({ article, pending, onToggle, onDelete }: RowActionsProps & { article: Article }) {
  const published = article.status === 'published';
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button
        component={Link}
        to={formPath(article._id)}
        size="compact-sm"
        variant="default"
        aria-label={interpolate(T.editLabel, { title: article.title })}
        data-testid="article-edit"
      >
        {T.edit}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color={published ? 'gray' : 'brand'}
        loading={pending === article._id}
        onClick={() => onToggle(article)}
        aria-label={interpolate(published ? T.unpublishLabel : T.publishLabel, { title: article.title })}
        data-testid={published ? 'article-unpublish' : 'article-publish'}
      >
        {published ? T.unpublish : T.publish}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => onDelete(article)}
        aria-label={interpolate(T.deleteLabel, { title: article.title })}
        data-testid="article-delete"
      >
        {T.delete}
      </Button>
    </Group>
  );
}

function ArticleTable({ rows, ...actions }: RowActionsProps & { rows: Article[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={T.listLabel} data-testid="article-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.colTitle}</Table.Th>
            <Table.Th>{T.colSlug}</Table.Th>
            <Table.Th>{T.colStatus}</Table.Th>
            <Table.Th>{T.colUpdated}</Table.Th>
            <Table.Th ta="right">{T.colActions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((article) => (
            <Table.Tr key={article._id} data-testid="article-row" data-id={article._id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={formPath(article._id)} fw={600} size="sm" lineClamp={2}>
                  {article.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" ff="monospace" data-testid="article-slug">
                  {article.slug}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ArticleStatusBadge status={article.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatWibTime(article.updatedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions article={article} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ArticleCards({ rows, ...actions }: RowActionsProps & { rows: Article[] }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={T.listLabel} style={{ listStyle: 'none' }}>
      {rows.map((article) => (
        <Box
          component="li"
          key={article._id}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          data-testid="article-row"
          data-id={article._id}
        >
          <Card radius={0} padding="md">
            <Stack gap={8}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Anchor component={Link} to={formPath(article._id)} fw={600} size="sm" miw={0}>
                  {article.title}
                </Anchor>
                <ArticleStatusBadge status={article.status} />
              </Group>
              <Text size="xs" c="dimmed" ff="monospace" truncate data-testid="article-slug">
                /artikel/{article.slug}
              </Text>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {T.colUpdated} {formatWibTime(article.updatedAt)}
                </Text>
                <RowActions article={article} {...actions} />
              </Group>
            </Stack>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <Stack gap={0} aria-busy="true" aria-label={T.loading} data-testid="article-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} justify="space-between" px="md" py={14} wrap="nowrap">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={12} w={`${55 - (i % 3) * 8}%`} radius="sm" />
            <Skeleton h={10} w={`${35 - (i % 2) * 10}%`} radius="sm" />
          </Stack>
          <Skeleton h={22} w={70} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}
