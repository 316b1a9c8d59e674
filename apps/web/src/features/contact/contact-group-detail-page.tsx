import { useMemo, useState } from 'react';
import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconColumns3,
  IconFileExport,
  IconFileImport,
  IconPlus,
  IconTrash,
  IconUserPlus,
  IconUsersGroup,
  IconZoomQuestion,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  t,
  type ContactGroup,
  type GroupContact,
  WEB_MESSAGES,
  interpolate,
  CONTACT_MESSAGES,
} from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useSession } from '../../lib/use-session';
import { ColumnManagerModal } from './column-manager-modal';
import { ContactFormModal } from './contact-form-modal';
import { ContactSearch, ReadOnlyNote } from './contact-list-header';
import {
  exportGroup,
  useDeleteContacts,
  useGroup,
  useGroupContactPages,
} from '../../resources/group/group-queries';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { CONTACT_TEXT, formatCount } from './contact-strings';
import { GroupContactSkeleton, GroupContactTable } from './group-contact-table';
import { columnSummary } from './group-list';
import { ImportWizard } from './import/import-wizard';
import './contact.css';

const GROUPS_PATH = '/user/contact/broadcast';

function BackLink() {
  return (
    <Anchor
      component={Link}
      to={GROUPS_PATH}
      size="sm"
      fw={500}
      className="sapa-contact-back"
      data-testid="group-back"
    >
      <IconArrowLeft size={16} aria-hidden />
      {CONTACT_TEXT.backToGroups}
    </Anchor>
  );
}

/**
 * /user/contact/broadcast/:id: one group's contacts with their custom columns. The owner adds,
 * edits, selects and deletes contacts, manages the columns and imports from Excel; anyone exports.
 * The section's side menu is hidden here, so a link leads back to the groups.
 */
export function ContactGroupDetailPage() {
  const { id = '' } = useParams();
  const groupQuery = useGroup(id);
  const group = groupQuery.data;

  if (!group) {
    const missing =
      groupQuery.error instanceof ApiError &&
      (groupQuery.error.status === 404 || groupQuery.error.status === 400);
    return (
      <>
        <BackLink />
        <Paper withBorder radius="md" mt="sm">
          {missing ? (
            <Stack align="center" gap="xs" py={56} px="md" ta="center" data-testid="group-not-found-page">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
                <IconZoomQuestion size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {CONTACT_MESSAGES.groupNotFound}
              </Title>
              <Text c="dimmed" size="sm" maw={380}>
                {CONTACT_TEXT.groupNotFoundBody}
              </Text>
              <Button component={Link} to={GROUPS_PATH} mt="xs" variant="light">
                {CONTACT_TEXT.backToGroups}
              </Button>
            </Stack>
          ) : groupQuery.isError ? (
            <LoadFailed
              text={CONTACT_TEXT.groupLoadFailed}
              onRetry={() => void groupQuery.refetch()}
              testId="group-detail-failed"
            />
          ) : (
            <Box p={{ base: 'md', sm: 'lg' }} aria-busy="true" data-testid="group-detail-skeleton">
              <Skeleton height={24} width="40%" radius="sm" mb="sm" />
              <Skeleton height={14} width="25%" radius="sm" mb="lg" />
              <Skeleton height={36} radius="md" />
            </Box>
          )}
        </Paper>
      </>
    );
  }
  return <GroupDetail key={group._id} group={group} />;
}

function GroupDetail({ group }: { group: ContactGroup }) {
  const session = useSession();
  const readOnly = !!session?.agent;
  const toast = useToast();
  const [search, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const pages = useGroupContactPages(group._id, debounced);
  const contacts = useMemo(() => pages.data?.pages.flatMap((p) => p.docs), [pages.data]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [form, setForm] = useState<{ opened: boolean; contact: GroupContact | null }>({
    opened: false,
    contact: null,
  });
  const [columnsOpened, setColumnsOpened] = useState(false);
  const [importing, setImporting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteContacts(group._id);
  const exporter = useMutation({ mutationFn: () => exportGroup(group) });

  // only rows still shown count as selected (a search or a deletion drops the others)
  const selected = useMemo(() => {
    const shown = new Set((contacts ?? []).map((c) => c._id));
    return new Set([...picked].filter((idValue) => shown.has(idValue)));
  }, [picked, contacts]);
  const [deleteCount, setDeleteCount] = useState(0);

  const setSearch = (value: string) => {
    setSearchValue(value);
    setPicked(new Set());
  };
  const searching = pages.isFetching && !pages.isFetchingNextPage && !!pages.data;
  const openAdd = () => setForm({ opened: true, contact: null });

  const failToast = (error: unknown) =>
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });

  const onExport = () => exporter.mutate(undefined, { onError: failToast });

  const onDelete = () => {
    if (remove.isPending) return;
    remove.mutate([...selected], {
      onSuccess: ({ deleted, message }) => {
        toast.show({
          title: t('common.success'),
          message: message || interpolate(CONTACT_MESSAGES.contactsDeleted, { count: deleted }),
          type: 'success',
        });
        setConfirmDelete(false);
        setPicked(new Set());
      },
      onError: (error) => {
        setConfirmDelete(false);
        failToast(error);
      },
    });
  };

  let body;
  if (!contacts) {
    body =
      pages.isError && !pages.isPending ? (
        <LoadFailed
          text={CONTACT_TEXT.contactsLoadFailed}
          onRetry={() => void pages.refetch()}
          testId="contact-load-failed"
        />
      ) : (
        <GroupContactSkeleton />
      );
  } else if (!contacts.length) {
    body = debounced ? (
      <NotFoundState title={CONTACT_TEXT.contactsNotFound} testId="contact-not-found" />
    ) : (
      <EmptyState
        icon={IconUserPlus}
        title={CONTACT_TEXT.contactsEmpty}
        hint={readOnly ? CONTACT_TEXT.contactsEmptyAgent : CONTACT_TEXT.contactsEmptyHint}
        testId="contact-empty"
        action={
          readOnly ? null : (
            <Group gap="xs" justify="center">
              <Button leftSection={<IconPlus size={16} />} onClick={openAdd} data-testid="contact-add-empty">
                {CONTACT_TEXT.addContact}
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImporting(true)}
              >
                {CONTACT_TEXT.importExcel}
              </Button>
            </Group>
          )
        }
      />
    );
  } else {
    body = (
      <>
        <GroupContactTable
          contacts={contacts}
          columns={group.columns}
          readOnly={readOnly}
          selected={selected}
          onToggle={(contactId) =>
            setPicked((set) => {
              const next = new Set(set);
              if (next.has(contactId)) next.delete(contactId);
              else next.add(contactId);
              return next;
            })
          }
          onToggleAll={(select) => setPicked(select ? new Set(contacts.map((c) => c._id)) : new Set())}
          onEdit={(contact) => setForm({ opened: true, contact })}
        />
        {pages.hasNextPage ? (
          <LoadMore
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
            testId="contact-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <>
      <BackLink />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="sm" mb="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <IconUsersGroup size={22} stroke={1.7} />
            </ThemeIcon>
            <Box style={{ minWidth: 0 }}>
              <Title
                order={2}
                fz={{ base: 'h4', sm: 'h3' }}
                className="sapa-contact-title"
                data-testid="group-title"
              >
                {group.name}
              </Title>
              <Text size="sm" c="dimmed">
                <span data-testid="group-detail-total">
                  {interpolate(CONTACT_TEXT.groupContacts, { count: formatCount(group.total) })}
                </span>
                <span aria-hidden> · </span>
                <span title={group.columns.join(', ') || undefined}>{columnSummary(group.columns)}</span>
              </Text>
            </Box>
          </Group>
          <Group gap="xs" className="sapa-contact-actions">
            {readOnly ? null : (
              <>
                <Button
                  variant="default"
                  leftSection={<IconColumns3 size={16} />}
                  onClick={() => setColumnsOpened(true)}
                  data-testid="group-columns-manage"
                >
                  {CONTACT_TEXT.manageColumns}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconFileImport size={16} />}
                  onClick={() => setImporting(true)}
                  data-testid="group-detail-import"
                >
                  {CONTACT_TEXT.importExcel}
                </Button>
              </>
            )}
            <Button
              variant="default"
              leftSection={<IconFileExport size={16} />}
              onClick={onExport}
              loading={exporter.isPending}
              data-testid="group-export"
            >
              {CONTACT_TEXT.exportExcel}
            </Button>
            {readOnly ? null : (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={openAdd}
                className="sapa-contact-primary"
                data-testid="contact-add"
              >
                {CONTACT_TEXT.addContact}
              </Button>
            )}
          </Group>
        </Group>
        {readOnly ? (
          <Box mt="md">
            <ReadOnlyNote testId="contact-read-only" />
          </Box>
        ) : null}
        <Box mt="md">
          <ContactSearch
            value={search}
            onChange={setSearch}
            searching={searching}
            label={CONTACT_TEXT.contactSearchLabel}
            placeholder={CONTACT_TEXT.contactSearchPlaceholder}
            testId="contact-search"
          />
        </Box>
      </Paper>

      <Paper withBorder radius="md" className="sapa-contact-panel">
        {selected.size > 0 && !readOnly ? (
          <Group
            justify="space-between"
            gap="sm"
            className="sapa-contact-selection"
            data-testid="contact-selection"
          >
            <Text size="sm" fw={600} aria-live="polite" data-testid="contact-selected-count">
              {interpolate(CONTACT_TEXT.selected, { count: formatCount(selected.size) })}
            </Text>
            <Group gap="xs">
              <Button variant="subtle" size="compact-sm" onClick={() => setPicked(new Set())}>
                {CONTACT_TEXT.clearSelection}
              </Button>
              <Button
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={15} />}
                onClick={() => {
                  setDeleteCount(selected.size);
                  setConfirmDelete(true);
                }}
                data-testid="contact-delete-selected"
              >
                {CONTACT_TEXT.delete}
              </Button>
            </Group>
          </Group>
        ) : null}
        {body}
      </Paper>

      {readOnly ? null : (
        <>
          <ContactFormModal
            opened={form.opened}
            group={group}
            contact={form.contact}
            onClose={() => setForm((f) => ({ ...f, opened: false }))}
          />
          <ColumnManagerModal opened={columnsOpened} group={group} onClose={() => setColumnsOpened(false)} />
          <ImportWizard opened={importing} onClose={() => setImporting(false)} group={group} />
          <ConfirmDeleteDialog
            opened={confirmDelete}
            title={CONTACT_TEXT.deleteContactsTitle}
            pending={remove.isPending}
            onConfirm={onDelete}
            onClose={() => setConfirmDelete(false)}
            testId="contact-delete-confirm"
            submitTestId="contact-delete-submit"
          >
            <Text size="sm">
              {interpolate(CONTACT_TEXT.deleteContactsBody, { count: formatCount(deleteCount) })}
            </Text>
          </ConfirmDeleteDialog>
        </>
      )}
    </>
  );
}
