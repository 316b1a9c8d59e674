import { useState } from 'react';
import { Paper } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ChatTemplate } from '@sapa/contracts';
import { SettingListHeader } from './setting-list-header';
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
      <SettingListHeader
        heading={TEMPLATE_TEXT.heading}
        description={TEMPLATE_TEXT.description}
        readOnly={readOnly}
        readOnlyNote={TEMPLATE_TEXT.readOnly}
        addLabel={TEMPLATE_TEXT.add}
        onAdd={() => openForm(null)}
        search={search}
        onSearch={setSearch}
        searching={searching}
        searchLabel={TEMPLATE_TEXT.searchLabel}
        searchPlaceholder={TEMPLATE_TEXT.searchPlaceholder}
        clearSearchLabel={TEMPLATE_TEXT.clearSearch}
        testIdPrefix="template"
      />

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
