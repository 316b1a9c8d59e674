import { PUBLICATION_MESSAGES } from '@sapa/contracts';
import { OwnerOnly } from '../../components/owner-only';
import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCircleDashed,
  IconDots,
  IconPhoto,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatPhone, interpolate, t, WEB_MESSAGES, type StatusPost } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListHeader } from '../../components/list-header';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { ListSkeleton, PagedList } from '../../components/paged-list';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { usePublicationRealtime } from '../../resources/publication/publication-caches';
import {
  useDeleteStatus,
  useStatusAction,
  useStatusPages,
  type PublicationFilters,
} from '../../resources/publication/publication-queries';
import { formatCount, formatWib, scheduleLabel } from './publication-format';
import { PublicationFilterBar, StateBadge } from './publication-parts';
import { PUB_TEXT } from './publication-strings';
import './publication.css';

/** The post at a glance: a text status on its colour, else the media's kind. */
function StatusThumb({ post }: { post: StatusPost }) {
  if (post.type === 'text') {
    return (
      <div
        className="sapa-pub-status-thumb"
        style={{ background: post.backgroundColor ?? '#075e54' }}
        aria-hidden
      >
        Aa
      </div>
    );
  }
  const Icon = post.type === 'image' ? IconPhoto : IconVideo;
  return (
    <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
      <Icon size={24} stroke={1.6} />
    </ThemeIcon>
  );
}

function StatusRow({
  post,
  onToggle,
  onDelete,
  busy,
}: {
  post: StatusPost;
  onToggle: (post: StatusPost) => void;
  onDelete: (post: StatusPost) => void;
  busy: boolean;
}) {
  const recurring = post.repeat !== 'none';
  const audience =
    post.audience === 'all' ? PUB_TEXT.audienceAll : post.groups.map((g) => g.name).join(', ') || '-';
  const typeName =
    post.type === 'text'
      ? PUB_TEXT.typeText
      : post.type === 'image'
        ? PUB_TEXT.typeImage
        : PUB_TEXT.typeVideo;
  const canDelete = post.state !== 'finish' || recurring;
  return (
    <li className="sapa-pub-row" data-testid="status-row" data-status-id={post._id}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <StatusThumb post={post} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text
              size="sm"
              fw={600}
              lineClamp={2}
              style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
              data-testid="status-text"
            >
              {post.text || typeName}
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
              <StateBadge state={post.state} testId="status-state" />
              {recurring || canDelete ? (
                <Menu position="bottom-end" withinPortal shadow="md">
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={36}
                      aria-label={PUB_TEXT.statusActions}
                      disabled={busy}
                      data-testid="status-menu"
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {recurring && post.state === 'paused' ? (
                      <Menu.Item
                        leftSection={<IconPlayerPlay size={16} />}
                        onClick={() => onToggle(post)}
                        data-testid="status-resume"
                      >
                        {PUB_TEXT.resume}
                      </Menu.Item>
                    ) : null}
                    {recurring && post.state !== 'paused' && post.state !== 'finish' ? (
                      <Menu.Item
                        leftSection={<IconPlayerPause size={16} />}
                        onClick={() => onToggle(post)}
                        data-testid="status-pause"
                      >
                        {PUB_TEXT.pause}
                      </Menu.Item>
                    ) : null}
                    {canDelete ? (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => onDelete(post)}
                        data-testid="status-delete"
                      >
                        {PUB_TEXT.statusDelete}
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              ) : null}
            </Group>
          </Group>
          <Text size="xs" c="dimmed" data-testid="status-meta">
            {typeName} · {post.account.name} ({formatPhone(post.account.phoneNumber)}) · {audience}
          </Text>
          <Text size="xs" c="dimmed" data-testid="status-schedule">
            {scheduleLabel(post)}
            {post.nextAt ? ` · ${PUB_TEXT.nextAt} ${formatWib(post.nextAt)}` : ''}
          </Text>
          {post.runs.length ? (
            <Stack
              gap={2}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={PUB_TEXT.runsHeading}
            >
              {post.runs.slice(0, 3).map((run) => (
                <Text component="li" key={run.at} size="xs" data-testid="status-run">
                  {formatWib(run.at)} ·{' '}
                  <Text span size="xs" fw={600} c={run.state === 'sent' ? 'teal.9' : 'red.8'}>
                    {run.state === 'sent' ? PUB_TEXT.countSent : PUB_TEXT.countFailed}
                  </Text>
                  {run.state === 'sent'
                    ? ` · ${interpolate(PUB_TEXT.viewers, { count: formatCount(run.viewers) })}`
                    : run.reason
                      ? ` · ${run.reason}`
                      : ''}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="xs" c="dimmed">
              {PUB_TEXT.noRuns}
            </Text>
          )}
        </Stack>
      </Group>
    </li>
  );
}

/** /user/publication/status: the Status posts with their schedule, state and latest runs, live. */
/** StatusList for the owner; an agent reads that publications are the owner's (the API answers 403). */
export function StatusListPage() {
  return (
    <OwnerOnly title={PUBLICATION_MESSAGES.ownerOnly} hint={PUB_TEXT.ownerOnlyHint}>
      <StatusListPageContent />
    </OwnerOnly>
  );
}

function StatusListPageContent() {
  const toast = useToast();
  const [filters, setFilters] = useState<PublicationFilters>({});
  const list = useStatusPages(filters);
  const action = useStatusAction();
  const remove = useDeleteStatus();
  const [deleting, setDeleting] = useState<StatusPost | null>(null);
  usePublicationRealtime();

  const failed = (failure: unknown) =>
    toast.show({
      title: t('common.failed'),
      message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });

  const toggle = (post: StatusPost) =>
    action.mutate(
      { id: post._id, action: post.state === 'paused' ? 'resume' : 'pause' },
      { onError: failed },
    );

  return (
    <>
      <ListHeader
        heading={PUB_TEXT.statusHeading}
        description={PUB_TEXT.statusDescription}
        actions={
          <Button
            component={Link}
            to="/user/publication/status/form"
            leftSection={<IconPlus size={16} />}
            data-testid="status-create"
          >
            {PUB_TEXT.createStatus}
          </Button>
        }
      >
        <PublicationFilterBar filters={filters} onChange={setFilters} testIdPrefix="status" />
      </ListHeader>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <PagedList
          items={list.data?.pages.flatMap((p) => p.docs)}
          loading={list.isPending}
          failed={list.isError}
          search={Object.keys(filters).length ? 'filtered' : ''}
          skeleton={
            <ListSkeleton
              testId="status-skeleton"
              label={PUB_TEXT.statusLoading}
              iconSize={48}
              widths={(i) => [`${50 - (i % 3) * 8}%`, `${70 - (i % 2) * 14}%`]}
            />
          }
          failedState={
            <LoadFailed
              text={PUB_TEXT.statusLoadFailed}
              onRetry={() => void list.refetch()}
              testId="status-load-failed"
            />
          }
          notFound={
            <NotFoundState
              title={PUB_TEXT.statusNotFound}
              hint={PUB_TEXT.filtersNotFoundHint}
              testId="status-not-found"
            />
          }
          empty={
            <EmptyState
              icon={IconCircleDashed}
              title={PUB_TEXT.statusEmpty}
              hint={PUB_TEXT.statusEmptyHint}
              testId="status-empty"
              action={
                <Button
                  component={Link}
                  to="/user/publication/status/form"
                  leftSection={<IconPlus size={16} />}
                >
                  {PUB_TEXT.createStatus}
                </Button>
              }
            />
          }
          loadMore={
            list.hasNextPage ? (
              <LoadMore
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
                testId="status-more"
              />
            ) : null
          }
          listClassName="sapa-pub-list"
          listLabel={PUB_TEXT.statusList}
          renderItem={(post) => (
            <StatusRow
              post={post}
              onToggle={toggle}
              onDelete={setDeleting}
              busy={action.isPending && action.variables?.id === post._id}
            />
          )}
        />
      </Paper>
      <ConfirmDeleteDialog
        opened={!!deleting}
        title={PUB_TEXT.statusDeleteTitle}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: (answer) => {
              setDeleting(null);
              toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
            },
            onError: failed,
          });
        }}
        testId="status-delete-confirm"
        submitTestId="status-delete-submit"
      >
        <Text size="sm">{PUB_TEXT.statusDeleteBody}</Text>
      </ConfirmDeleteDialog>
    </>
  );
}
