import { useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ContactGroup } from '@sapa/contracts';
import { pagedListOf, useListPage } from '../../components/use-list-page';
import { ContactListHeader } from './contact-list-header';
import { useGroupPages } from '../../resources/group/group-queries';
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
  const page = useListPage<ContactGroup>();
  const list = pagedListOf(useGroupPages(page.debounced), page);
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);

  return (
    <>
      <ContactListHeader
        heading={CONTACT_TEXT.groupsHeading}
        description={CONTACT_TEXT.groupsDescription}
        readOnly={page.readOnly}
        readOnlyTestId="group-read-only"
        actions={
          page.readOnly ? null : (
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
                onClick={() => page.openForm(null)}
                className="sapa-contact-primary"
                data-testid="group-add"
              >
                {CONTACT_TEXT.addGroup}
              </Button>
            </>
          )
        }
        search={{
          value: page.search,
          onChange: page.setSearch,
          searching: list.searching,
          label: CONTACT_TEXT.groupSearchLabel,
          placeholder: CONTACT_TEXT.groupSearchPlaceholder,
          testId: 'group-search',
        }}
      />

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <GroupList groups={list.items} {...list.props} onRename={page.openForm} onDelete={page.setDeleting} />
      </Paper>

      {page.readOnly ? null : (
        <>
          <GroupFormModal
            opened={page.form.opened}
            group={page.form.item}
            onClose={page.closeForm}
            onSaved={(group, created) => {
              // a new group is empty: go fill it
              if (created) void navigate(`/user/contact/broadcast/${encodeURIComponent(group._id)}`);
            }}
          />
          <GroupDeleteDialog group={page.deleting} onClose={() => page.setDeleting(null)} />
          <ImportWizard opened={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </>
  );
}
