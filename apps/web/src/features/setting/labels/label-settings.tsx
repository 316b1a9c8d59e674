import { useState } from 'react';
import { Paper } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LABEL_MESSAGES, type Label } from '@sapa/contracts';
import { SettingListHeader } from '../setting-list-header';
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
      <SettingListHeader
        heading={LABEL_TEXT.heading}
        description={LABEL_TEXT.description}
        readOnly={readOnly}
        readOnlyNote={LABEL_MESSAGES.ownerOnly}
        addLabel={LABEL_TEXT.add}
        onAdd={() => openForm(null)}
        search={search}
        onSearch={setSearch}
        searching={searching}
        searchLabel={LABEL_TEXT.searchLabel}
        searchPlaceholder={LABEL_TEXT.searchPlaceholder}
        clearSearchLabel={LABEL_TEXT.clearSearch}
        testIdPrefix="label"
      />

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
