import { useState } from 'react';
import { Alert, Box, Button, CloseButton, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ChatTemplate } from '@sapa/contracts';
import { useSession } from '../../lib/use-session';
import { TemplateDeleteDialog } from './templates/template-delete-dialog';
import { TemplateFormModal } from './templates/template-form-modal';
import { TemplateList } from './templates/template-list';
import { useTemplatePages } from './templates/template-queries';
import { TEMPLATE_TEXT } from './templates/template-strings';

/**
 * Pengaturan > Template Pesan: the tenant's saved replies, used in the composer by typing '/'. The
 * owner adds, edits and deletes them (text, image, video, audio, document, location, contact);
 * agents see the list read-only.
 */
export function ChatTemplateSettingPage() {
  const session = useSession();
  const readOnly = !!session?.agent;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useTemplatePages(debounced);
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<ChatTemplate | null>(null);
  const [deleting, setDeleting] = useState<ChatTemplate | null>(null);

  const templates = list.data?.pages.flatMap((page) => page.docs);
  const searching = list.isFetching && !list.isFetchingNextPage && !!list.data;

  const openForm = (template: ChatTemplate | null) => {
    setEditing(template);
    setFormOpened(true);
  };

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mb="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={3} fz="h4" mb={4}>
              {TEMPLATE_TEXT.heading}
            </Title>
            <Text c="dimmed" size="sm">
              {TEMPLATE_TEXT.description}
            </Text>
          </Box>
          {readOnly ? null : (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => openForm(null)}
              data-testid="template-add"
            >
              {TEMPLATE_TEXT.add}
            </Button>
          )}
        </Group>
        {readOnly ? (
          <Alert
            variant="light"
            color="gray"
            icon={<IconInfoCircle size={18} />}
            p="xs"
            mt="md"
            role="note"
            data-testid="template-read-only"
          >
            <Text size="xs">{TEMPLATE_TEXT.readOnly}</Text>
          </Alert>
        ) : null}
        <TextInput
          mt="md"
          aria-label={TEMPLATE_TEXT.searchLabel}
          placeholder={TEMPLATE_TEXT.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search) {
              event.preventDefault();
              setSearch('');
            }
          }}
          leftSection={<IconSearch size={18} stroke={1.7} />}
          rightSection={
            searching ? (
              <Loader size={16} />
            ) : search ? (
              <CloseButton size="sm" aria-label={TEMPLATE_TEXT.clearSearch} onClick={() => setSearch('')} />
            ) : null
          }
          data-testid="template-search"
        />
      </Paper>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <TemplateList
          templates={templates}
          loading={list.isPending}
          failed={list.isError}
          search={debounced}
          readOnly={readOnly}
          hasNextPage={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRetry={() => void list.refetch()}
          onAdd={() => openForm(null)}
          onEdit={openForm}
          onDelete={setDeleting}
        />
      </Paper>

      {readOnly ? null : (
        <>
          <TemplateFormModal opened={formOpened} template={editing} onClose={() => setFormOpened(false)} />
          <TemplateDeleteDialog template={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </>
  );
}
