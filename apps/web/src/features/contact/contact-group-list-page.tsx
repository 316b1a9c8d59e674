import { useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ContactGroup } from '@sapa/contracts';
import { useSession } from '../../lib/use-session';
import { ContactListHeader } from './contact-list-header';
import { useGroupPages } from './contact-queries';
import { CONTACT_TEXT } from './contact-strings';
import { GroupDeleteDialog } from './group-delete-dialog';
import { GroupFormModal } from './group-form-modal';
import { GroupList } from './group-list';
import { ImportWizard } from './import/import-wizard';
import './contact.css';

/**
 * /user/contact/broadcast: the contact groups broadcasts are sent to, with search and 'Lebih
 * Banyak'. The owner adds, renames and deletes groups and imports contacts from Excel; agents see
 * the groups read-only.
 */
export function ContactGroupListPage() {
  const session = useSession();
  const readOnly = !!session?.agent;
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useGroupPages(debounced);
  const [form, setForm] = useState<{ opened: boolean; group: ContactGroup | null }>({
    opened: false,
    group: null,
  });
  const [deleting, setDeleting] = useState<ContactGroup | null>(null);
  const [importing, setImporting] = useState(false);

  const groups = list.data?.pages.flatMap((page) => page.docs);
  const searching = list.isFetching && !list.isFetchingNextPage && !!list.data;
  const openAdd = () => setForm({ opened: true, group: null });

  return (
    <>
      <ContactListHeader
        heading={CONTACT_TEXT.groupsHeading}
        description={CONTACT_TEXT.groupsDescription}
        readOnly={readOnly}
        readOnlyTestId="group-read-only"
        actions={
          readOnly ? null : (
            <>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImporting(true)}
                data-testid="group-import"
              >
                {CONTACT_TEXT.importExcel}
              </Button>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={openAdd}
                className="sapa-contact-primary"
                data-testid="group-add"
              >
                {CONTACT_TEXT.addGroup}
              </Button>
            </>
          )
        }
        search={{
          value: search,
          onChange: setSearch,
          searching,
          label: CONTACT_TEXT.groupSearchLabel,
          placeholder: CONTACT_TEXT.groupSearchPlaceholder,
          testId: 'group-search',
        }}
      />

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <GroupList
          groups={groups}
          loading={list.isPending}
          failed={list.isError}
          search={debounced}
          readOnly={readOnly}
          hasNextPage={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRetry={() => void list.refetch()}
          onAdd={openAdd}
          onRename={(group) => setForm({ opened: true, group })}
          onDelete={setDeleting}
        />
      </Paper>

      {readOnly ? null : (
        <>
          <GroupFormModal
            opened={form.opened}
            group={form.group}
            onClose={() => setForm((f) => ({ ...f, opened: false }))}
            onSaved={(group, created) => {
              // a new group is empty: go fill it
              if (created) void navigate(`/user/contact/broadcast/${encodeURIComponent(group._id)}`);
            }}
          />
          <GroupDeleteDialog group={deleting} onClose={() => setDeleting(null)} />
          <ImportWizard opened={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </>
  );
}
