import { useState } from 'react';
import { Alert, Box, Button, CloseButton, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { LABEL_MESSAGES, type Label } from '@sapa/contracts';
import { useSession } from '../../../lib/use-session';
import { LabelDeleteDialog } from './label-delete-dialog';
import { LabelFormModal } from './label-form-modal';
import { LabelList } from './label-list';
import { useLabelPages } from './label-queries';
import { LABEL_TEXT } from './label-strings';

/**
 * Pengaturan > Label: the tenant's conversation labels with how many chats carry each. The owner
 * adds, renames, recolours and deletes them; agents see the list read-only (they label chats in
 * the chat drawer).
 */
export function LabelSettings() {
  const session = useSession();
  const readOnly = !!session?.agent;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useLabelPages(debounced);
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<Label | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);

  const labels = list.data?.pages.flatMap((page) => page.docs);
  const searching = list.isFetching && !list.isFetchingNextPage && !!list.data;

  const openForm = (label: Label | null) => {
    setEditing(label);
    setFormOpened(true);
  };

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mb="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={3} fz="h4" mb={4}>
              {LABEL_TEXT.heading}
            </Title>
            <Text c="dimmed" size="sm">
              {LABEL_TEXT.description}
            </Text>
          </Box>
          {readOnly ? null : (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => openForm(null)}
              data-testid="label-add"
            >
              {LABEL_TEXT.add}
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
            data-testid="label-read-only"
          >
            <Text size="xs">{LABEL_MESSAGES.ownerOnly}</Text>
          </Alert>
        ) : null}
        <TextInput
          mt="md"
          aria-label={LABEL_TEXT.searchLabel}
          placeholder={LABEL_TEXT.searchPlaceholder}
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
              <CloseButton size="sm" aria-label={LABEL_TEXT.clearSearch} onClick={() => setSearch('')} />
            ) : null
          }
          data-testid="label-search"
        />
      </Paper>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <LabelList
          labels={labels}
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
          <LabelFormModal opened={formOpened} label={editing} onClose={() => setFormOpened(false)} />
          <LabelDeleteDialog label={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </>
  );
}
