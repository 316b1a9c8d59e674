import type { ComponentPropsWithoutRef, ComponentType, ReactNode } from 'react';
import { Button, Group, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { IconPencil, IconPlus, IconSearchOff, IconTrash } from '@tabler/icons-react';
import { ListSkeleton, PagedList, type PagedListState } from '../paged-list';
import './setting-list.css';

/** Ubah and Hapus at the end of a row. */
function RowActions({
  labels: [editLabel, deleteLabel],
  deleteColor,
  testIdPrefix,
  onEdit,
  onDelete,
}: {
  labels: readonly [string, string];
  deleteColor: MantineColor;
  testIdPrefix: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" className="sapa-setting-row-actions">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPencil size={15} />}
        onClick={onEdit}
        aria-label={editLabel}
        data-testid={testIdPrefix && `${testIdPrefix}-edit`}
      >
        Ubah
      </Button>
      <Button
        variant="subtle"
        color={deleteColor}
        size="compact-sm"
        leftSection={<IconTrash size={15} />}
        onClick={onDelete}
        aria-label={deleteLabel}
        data-testid={testIdPrefix && `${testIdPrefix}-delete`}
      >
        Hapus
      </Button>
    </Group>
  );
}

/**
 * A row of a Pengaturan list: an icon, the text and the actions SettingList hands it (Ubah and
 * Hapus, which go under the text on a phone). Other props (test ids, data attributes) go on the `<li>`.
 */
export function SettingRow({
  media,
  actions,
  children,
  ...rest
}: Omit<ComponentPropsWithoutRef<'li'>, 'className'> & { media: ReactNode; actions: ReactNode }) {
  return (
    <li className="sapa-setting-row" {...rest}>
      {media}
      <div className="sapa-setting-row-text">{children}</div>
      {actions}
    </li>
  );
}

/** The strings of a Pengaturan list. */
export interface SettingListText {
  /** the skeleton's name for screen readers */
  loading: string;
  loadFailed: string;
  retry: string;
  notFoundTitle: string;
  notFoundBody: string;
  emptyTitle: string;
  /** the empty state's hint: to the owner, and to agents */
  emptyBody: string;
  emptyAgentBody: string;
  add: string;
  loadMore: string;
  listLabel: string;
}

export interface SettingListProps<T> extends PagedListState {
  items: readonly T[] | undefined;
  text: SettingListText;
  /** 'label' gives label-skeleton, label-load-failed, label-not-found, label-empty, label-add-empty, label-more */
  testIdPrefix: string;
  emptyIcon: ComponentType<{ size?: number; stroke?: number }>;
  /** the skeleton's two line widths in row i */
  skeletonWidths: (i: number) => readonly [string, string];
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  /** what Ubah and Hapus say to screen readers, e.g. ['Ubah label VIP', 'Hapus label VIP'] */
  actionLabels: (item: T) => readonly [string, string];
  deleteColor: MantineColor;
  /** the buttons' test ids are `${testIdPrefix}-edit` and `-delete`; without this they have none */
  actionTestIds?: boolean;
  /** a SettingRow, given its actions (null for agents) */
  renderItem: (item: T, actions: ReactNode) => ReactNode;
}

/** A Pengaturan list (labels, templates): skeletons while loading, empty states, rows and 'Lebih Banyak'. */
export function SettingList<T extends { _id: string }>({
  items,
  text,
  testIdPrefix: prefix,
  emptyIcon: EmptyIcon,
  skeletonWidths,
  onEdit,
  onDelete,
  actionLabels,
  deleteColor,
  actionTestIds = false,
  renderItem,
  loading,
  failed,
  search,
  readOnly,
  hasNextPage,
  loadingMore,
  onLoadMore,
  onRetry,
  onAdd,
}: SettingListProps<T>) {
  return (
    <PagedList
      items={items}
      loading={loading}
      failed={failed}
      search={search}
      skeleton={
        <ListSkeleton
          testId={`${prefix}-skeleton`}
          label={text.loading}
          iconSize={36}
          widths={skeletonWidths}
        />
      }
      failedState={
        <Stack align="center" gap="xs" py={40} px="md" ta="center" data-testid={`${prefix}-load-failed`}>
          <Text c="dimmed" size="sm">
            {text.loadFailed}
          </Text>
          <Button variant="default" size="xs" onClick={onRetry}>
            {text.retry}
          </Button>
        </Stack>
      }
      notFound={
        <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid={`${prefix}-not-found`}>
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconSearchOff size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>{text.notFoundTitle}</Text>
          <Text c="dimmed" size="sm" maw={360}>
            {text.notFoundBody}
          </Text>
        </Stack>
      }
      empty={
        <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid={`${prefix}-empty`}>
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <EmptyIcon size={28} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            {text.emptyTitle}
          </Text>
          <Text c="dimmed" size="sm" maw={420}>
            {readOnly ? text.emptyAgentBody : text.emptyBody}
          </Text>
          {readOnly ? null : (
            <Button
              mt="xs"
              leftSection={<IconPlus size={16} />}
              onClick={onAdd}
              data-testid={`${prefix}-add-empty`}
            >
              {text.add}
            </Button>
          )}
        </Stack>
      }
      loadMore={
        hasNextPage ? (
          <Group justify="center" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Button
              variant="default"
              onClick={onLoadMore}
              loading={loadingMore}
              data-testid={`${prefix}-more`}
            >
              {text.loadMore}
            </Button>
          </Group>
        ) : null
      }
      listClassName="sapa-setting-list"
      listLabel={text.listLabel}
      renderItem={(item) =>
        renderItem(
          item,
          readOnly ? null : (
            <RowActions
              labels={actionLabels(item)}
              deleteColor={deleteColor}
              testIdPrefix={actionTestIds ? prefix : undefined}
              onEdit={() => onEdit(item)}
              onDelete={() => onDelete(item)}
            />
          ),
        )
      }
    />
  );
}
