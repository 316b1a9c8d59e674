import { Button, Group, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconSearchOff, IconTemplate, IconTrash } from '@tabler/icons-react';
import { MESSAGE_TYPE_NAMES, type ChatTemplate } from '@sapa/contracts';
import { MessageTypeIcon } from '../../chat/message-type-icon';
import { templateSummary } from './template-form';
import { TEMPLATE_TEXT } from './template-strings';
import './templates.css';

function TemplateRow({
  template,
  readOnly,
  onEdit,
  onDelete,
}: {
  template: ChatTemplate;
  readOnly: boolean;
  onEdit: (template: ChatTemplate) => void;
  onDelete: (template: ChatTemplate) => void;
}) {
  const typeName = MESSAGE_TYPE_NAMES[template.type];
  const summary = templateSummary(template) || typeName;
  return (
    <li className="sapa-template-row" data-testid="template-row" data-type={template.type}>
      <ThemeIcon variant="light" size={36} radius="md" title={typeName}>
        <MessageTypeIcon type={template.type} size={18} />
        <VisuallyHidden>{typeName}</VisuallyHidden>
      </ThemeIcon>
      <div className="sapa-template-row-text">
        <Text fw={600} size="sm" truncate title={template.title}>
          {template.title}
        </Text>
        <Text size="sm" c="dimmed" truncate title={summary} data-testid="template-summary">
          {summary}
        </Text>
      </div>
      {readOnly ? null : (
        <Group gap={4} wrap="nowrap" className="sapa-template-row-actions">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={15} />}
            onClick={() => onEdit(template)}
            aria-label={`Ubah template ${template.title}`}
          >
            Ubah
          </Button>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconTrash size={15} />}
            onClick={() => onDelete(template)}
            aria-label={`Hapus template ${template.title}`}
          >
            Hapus
          </Button>
        </Group>
      )}
    </li>
  );
}

function TemplateListSkeleton() {
  return (
    <Stack gap={0} data-testid="template-skeleton" aria-busy="true" aria-label="Memuat template">
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap" px="md" py={14}>
          <Skeleton height={36} width={36} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width={`${40 - (i % 3) * 8}%`} radius="sm" />
            <Skeleton height={10} width={`${75 - (i % 4) * 10}%`} radius="sm" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

export interface TemplateListProps {
  templates: ChatTemplate[] | undefined;
  loading: boolean;
  failed: boolean;
  search: string;
  readOnly: boolean;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onAdd: () => void;
  onEdit: (template: ChatTemplate) => void;
  onDelete: (template: ChatTemplate) => void;
}

/** The templates, alphabetical: skeletons while loading, an empty state, rows and 'Lebih Banyak'. */
export function TemplateList({
  templates,
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
}: TemplateListProps) {
  if (!templates) {
    if (loading) return <TemplateListSkeleton />;
    if (failed) {
      return (
        <Stack align="center" gap="xs" py={40} px="md" ta="center" data-testid="template-load-failed">
          <Text c="dimmed" size="sm">
            {TEMPLATE_TEXT.loadFailed}
          </Text>
          <Button variant="default" size="xs" onClick={onRetry}>
            {TEMPLATE_TEXT.retry}
          </Button>
        </Stack>
      );
    }
  }

  if (!templates?.length) {
    if (search) {
      return (
        <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="template-not-found">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconSearchOff size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>{TEMPLATE_TEXT.notFoundTitle}</Text>
          <Text c="dimmed" size="sm" maw={360}>
            {TEMPLATE_TEXT.notFoundBody}
          </Text>
        </Stack>
      );
    }
    return (
      <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="template-empty">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconTemplate size={28} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {TEMPLATE_TEXT.emptyTitle}
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          {readOnly ? TEMPLATE_TEXT.emptyAgentBody : TEMPLATE_TEXT.emptyBody}
        </Text>
        {readOnly ? null : (
          <Button
            mt="xs"
            leftSection={<IconPlus size={16} />}
            onClick={onAdd}
            data-testid="template-add-empty"
          >
            {TEMPLATE_TEXT.add}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <>
      <ul className="sapa-template-list" aria-label="Daftar template">
        {templates.map((template) => (
          <TemplateRow
            key={template._id}
            template={template}
            readOnly={readOnly}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
      </ul>
      {hasNextPage ? (
        <Group justify="center" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Button variant="default" onClick={onLoadMore} loading={loadingMore} data-testid="template-more">
            {TEMPLATE_TEXT.loadMore}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
