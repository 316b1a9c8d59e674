import type { CSSProperties } from 'react';
import { Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPencil, IconPlus, IconSearchOff, IconTag, IconTags, IconTrash } from '@tabler/icons-react';
import { LABEL_MESSAGES, labelMessage, labelTextColor, type Label } from '@sapa/contracts';
import { LABEL_TEXT } from './label-strings';
import './labels.css';

function LabelRow({
  label,
  readOnly,
  onEdit,
  onDelete,
}: {
  label: Label;
  readOnly: boolean;
  onEdit: (label: Label) => void;
  onDelete: (label: Label) => void;
}) {
  return (
    <li className="sapa-label-row" data-testid="label-row" data-label-id={label._id}>
      <span
        className="sapa-label-row-swatch"
        style={{ '--label-color': label.color, '--label-text': labelTextColor(label.color) } as CSSProperties}
        title={label.color}
        data-testid="label-swatch"
        data-color={label.color}
        aria-hidden
      >
        <IconTag size={18} stroke={1.8} />
      </span>
      <div className="sapa-label-row-text">
        <Text fw={600} size="sm" truncate title={label.name} data-testid="label-name-text">
          {label.name}
        </Text>
        <Text size="sm" c="dimmed" data-testid="label-total">
          {labelMessage('total', { count: label.total.toLocaleString('id-ID') })}
        </Text>
      </div>
      {readOnly ? null : (
        <Group gap={4} wrap="nowrap" className="sapa-label-row-actions">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={15} />}
            onClick={() => onEdit(label)}
            aria-label={`Ubah label ${label.name}`}
            data-testid="label-edit"
          >
            Ubah
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={15} />}
            onClick={() => onDelete(label)}
            aria-label={`Hapus label ${label.name}`}
            data-testid="label-delete"
          >
            Hapus
          </Button>
        </Group>
      )}
    </li>
  );
}

function LabelListSkeleton() {
  return (
    <Stack gap={0} data-testid="label-skeleton" aria-busy="true" aria-label={LABEL_TEXT.loading}>
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap" px="md" py={14}>
          <Skeleton height={36} width={36} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width={`${36 - (i % 3) * 8}%`} radius="sm" />
            <Skeleton height={10} width={`${22 - (i % 2) * 6}%`} radius="sm" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

export interface LabelListProps {
  labels: Label[] | undefined;
  loading: boolean;
  failed: boolean;
  search: string;
  readOnly: boolean;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onAdd: () => void;
  onEdit: (label: Label) => void;
  onDelete: (label: Label) => void;
}

/** The labels, alphabetical: skeletons while loading, empty states, rows and 'Lebih Banyak'. */
export function LabelList({
  labels,
  loading,
  failed,
  search,
  readOnly,
  hasNextPage,
  loadingMore,
  onLoadMore,
  onRetry,
  onAdd,
  onEdit,
  onDelete,
}: LabelListProps) {
  if (!labels) {
    if (loading) return <LabelListSkeleton />;
    if (failed) {
      return (
        <Stack align="center" gap="xs" py={40} px="md" ta="center" data-testid="label-load-failed">
          <Text c="dimmed" size="sm">
            {LABEL_TEXT.loadFailed}
          </Text>
          <Button variant="default" size="xs" onClick={onRetry}>
            {LABEL_TEXT.retry}
          </Button>
        </Stack>
      );
    }
  }

  if (!labels?.length) {
    if (search) {
      return (
        <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="label-not-found">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconSearchOff size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>{LABEL_MESSAGES.searchEmpty}</Text>
          <Text c="dimmed" size="sm" maw={360}>
            {LABEL_TEXT.notFoundBody}
          </Text>
        </Stack>
      );
    }
    return (
      <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="label-empty">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconTags size={28} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {LABEL_MESSAGES.empty}
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          {readOnly ? LABEL_TEXT.emptyAgentBody : LABEL_MESSAGES.emptyHint}
        </Text>
        {readOnly ? null : (
          <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid="label-add-empty">
            {LABEL_TEXT.add}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <>
      <ul className="sapa-label-list" aria-label={LABEL_TEXT.listLabel}>
        {labels.map((label) => (
          <LabelRow key={label._id} label={label} readOnly={readOnly} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </ul>
      {hasNextPage ? (
        <Group justify="center" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Button variant="default" onClick={onLoadMore} loading={loadingMore} data-testid="label-more">
            {LABEL_TEXT.loadMore}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
