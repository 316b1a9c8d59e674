import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconColumns3, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  columnName,
  t,
  type ContactGroup,
  WEB_MESSAGES,
  interpolate,
} from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { useColumnChange, type ColumnChange } from '../../resources/group/group-queries';
import { CONTACT_TEXT } from './contact-strings';

export interface ColumnManagerModalProps {
  opened: boolean;
  group: ContactGroup;
  onClose: () => void;
}

/** 'Kelola Kolom': the group's columns in order; add one, rename one in place, delete one (asked first). */
export function ColumnManagerModal({ opened, group, onClose }: ColumnManagerModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CONTACT_TEXT.manageColumns}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': CONTACT_TEXT.close }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened ? <ColumnManager group={group} /> : null}
    </Modal>
  );
}

/** The first message of a column name's problem, or the trimmed name. */
function checkName(value: string): { name: string } | { error: string } {
  const parsed = columnName.safeParse(value);
  return parsed.success ? { name: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

function ColumnManager({ group }: { group: ContactGroup }) {
  const toast = useToast();
  const change = useColumnChange(group._id);
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ column: string; value: string; error: string | null } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<string | null>(null);
  const [shownDeleting, setShownDeleting] = useState<string | null>(null);
  if (deleting && deleting !== shownDeleting) setShownDeleting(deleting);
  const full = group.columns.length >= CONTACT_LIMITS.columnsPerGroup;

  const run = (body: ColumnChange, message: string, onDone: () => void, onFail: (text: string) => void) => {
    change.mutate(body, {
      onSuccess: () => {
        toast.show({ title: t('common.success'), message, type: 'success' });
        onDone();
      },
      onError: (error) => onFail(errorMessage(error, WEB_MESSAGES.unexpectedError)),
    });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const checked = checkName(newName);
    if ('error' in checked) return setAddError(checked.error);
    run(
      { type: 'add', name: checked.name },
      CONTACT_MESSAGES.columnAdded,
      () => {
        setNewName('');
        setAddError(null);
      },
      setAddError,
    );
  };

  const rename = () => {
    if (!editing || change.isPending) return;
    const checked = checkName(editing.value);
    if ('error' in checked) return setEditing({ ...editing, error: checked.error });
    if (checked.name === editing.column) return setEditing(null);
    run(
      { type: 'rename', oldName: editing.column, newName: checked.name },
      CONTACT_MESSAGES.columnRenamed,
      () => setEditing(null),
      (error) => setEditing((e) => (e ? { ...e, error } : e)),
    );
  };

  const remove = () => {
    if (!deleting || change.isPending) return;
    run(
      { type: 'delete', name: deleting },
      CONTACT_MESSAGES.columnDeleted,
      () => setDeleting(null),
      (error) => {
        setDeleting(null);
        toast.show({ title: t('common.failed'), message: error, type: 'error' });
      },
    );
  };

  return (
    <Stack gap="md" data-testid="column-manager">
      <Text size="sm" c="dimmed">
        {CONTACT_TEXT.columnsIntro}
      </Text>
      {group.columns.length ? (
        <ul className="sapa-column-list" aria-label={CONTACT_TEXT.manageColumns}>
          {group.columns.map((column) => (
            <li key={column} className="sapa-column-row" data-testid="column-row" data-column={column}>
              {editing?.column === column ? (
                <form
                  className="sapa-column-edit"
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    rename();
                  }}
                >
                  <TextInput
                    size="sm"
                    style={{ flex: 1 }}
                    aria-label={interpolate(CONTACT_TEXT.columnRenameLabel, { name: column })}
                    value={editing.value}
                    error={editing.error}
                    autoFocus
                    onChange={(event) =>
                      setEditing({ ...editing, value: event.currentTarget.value, error: null })
                    }
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') {
                        event.preventDefault();
                        event.stopPropagation();
                        setEditing(null);
                      }
                    }}
                    data-testid="column-rename-input"
                  />
                  <ActionIcon
                    type="submit"
                    size={36}
                    variant="light"
                    loading={change.isPending}
                    aria-label={CONTACT_TEXT.save}
                    data-testid="column-rename-save"
                  >
                    <IconCheck size={18} />
                  </ActionIcon>
                  <ActionIcon
                    size={36}
                    variant="subtle"
                    color="gray"
                    onClick={() => setEditing(null)}
                    aria-label={CONTACT_TEXT.cancel}
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </form>
              ) : (
                <>
                  <IconColumns3 size={18} stroke={1.6} aria-hidden className="sapa-column-icon" />
                  <Text size="sm" fw={500} truncate title={column} style={{ flex: 1, minWidth: 0 }}>
                    {column}
                  </Text>
                  <Tooltip label={CONTACT_TEXT.edit} withinPortal>
                    <ActionIcon
                      size={32}
                      variant="subtle"
                      onClick={() => setEditing({ column, value: column, error: null })}
                      aria-label={interpolate(CONTACT_TEXT.columnEdit, { name: column })}
                      data-testid="column-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={CONTACT_TEXT.delete} withinPortal>
                    <ActionIcon
                      size={32}
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(column)}
                      aria-label={interpolate(CONTACT_TEXT.columnDelete, { name: column })}
                      data-testid="column-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="column-empty">
          {CONTACT_TEXT.columnsEmpty}
        </Text>
      )}

      {full ? (
        <Text size="sm" c="dimmed" data-testid="column-full">
          {interpolate(CONTACT_TEXT.columnsFull, { max: CONTACT_LIMITS.columnsPerGroup })}
        </Text>
      ) : (
        <form onSubmit={add} noValidate data-testid="column-add-form">
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={CONTACT_TEXT.columnNew}
                placeholder={CONTACT_TEXT.columnNewPlaceholder}
                description={`Maksimal ${CONTACT_LIMITS.columnNameMax} karakter`}
                value={newName}
                onChange={(event) => {
                  setNewName(event.currentTarget.value);
                  setAddError(null);
                }}
                error={addError ? true : undefined}
                autoComplete="off"
                data-testid="column-new-name"
              />
              <Button
                type="submit"
                size="md"
                leftSection={<IconPlus size={16} />}
                loading={change.isPending && !editing && !deleting}
                data-testid="column-add"
              >
                {CONTACT_TEXT.columnAdd}
              </Button>
            </Group>
            {addError ? (
              <Text size="xs" c="red.7" role="alert" data-testid="column-add-error">
                {addError}
              </Text>
            ) : null}
          </Stack>
        </form>
      )}

      <ConfirmDeleteDialog
        opened={!!deleting}
        title={CONTACT_TEXT.columnDeleteTitle}
        pending={change.isPending}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        testId="column-delete-confirm"
        submitTestId="column-delete-submit"
      >
        <Text size="sm">{interpolate(CONTACT_TEXT.columnDeleteBody, { name: shownDeleting ?? '' })}</Text>
      </ConfirmDeleteDialog>
    </Stack>
  );
}
