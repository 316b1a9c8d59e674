import { ActionIcon, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatPhone, interpolate, type GroupContact } from '@sapa/contracts';
import { CONTACT_TEXT } from './contact-strings';

export interface GroupContactTableProps {
  contacts: readonly GroupContact[];
  columns: readonly string[];
  /** agents: no checkboxes and no edit buttons */
  readOnly: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onEdit: (contact: GroupContact) => void;
}

/**
 * The contacts of a group: a checkbox (select all on top), Nama, Nomor Telepon, one column per
 * custom column and the edit button. Wider than a phone, it scrolls sideways inside its frame.
 */
export function GroupContactTable({
  contacts,
  columns,
  readOnly,
  selected,
  onToggle,
  onToggleAll,
  onEdit,
}: GroupContactTableProps) {
  const chosen = contacts.filter((c) => selected.has(c._id)).length;
  const all = contacts.length > 0 && chosen === contacts.length;
  const minWidth = (readOnly ? 0 : 48 + 64) + 200 + 180 + columns.length * 160;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className="sapa-contact-scroll">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        className="sapa-contact-table"
        aria-label={CONTACT_TEXT.contactsTable}
        data-testid="contact-table"
      >
        <Table.Thead>
          <Table.Tr>
            {readOnly ? null : (
              <Table.Th w={48}>
                <Checkbox
                  aria-label={CONTACT_TEXT.selectAll}
                  checked={all}
                  indeterminate={chosen > 0 && !all}
                  onChange={() => onToggleAll(!all)}
                  data-testid="contact-select-all"
                />
              </Table.Th>
            )}
            <Table.Th>{CONTACT_TEXT.colName}</Table.Th>
            <Table.Th>{CONTACT_TEXT.colPhone}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column} data-testid="contact-column-head">
                <span className="sapa-contact-clip" title={column}>
                  {column}
                </span>
              </Table.Th>
            ))}
            {readOnly ? null : (
              <Table.Th w={64} ta="right" className="sapa-contact-sticky-end">
                <span className="sapa-visually-hidden">{CONTACT_TEXT.colActions}</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => {
            const isSelected = selected.has(contact._id);
            return (
              <Table.Tr
                key={contact._id}
                data-testid="contact-row"
                data-contact-id={contact._id}
                data-selected={isSelected || undefined}
                bg={isSelected ? 'var(--mantine-color-brand-0)' : undefined}
              >
                {readOnly ? null : (
                  <Table.Td>
                    <Checkbox
                      aria-label={interpolate(CONTACT_TEXT.selectContact, { name: contact.name })}
                      checked={isSelected}
                      onChange={() => onToggle(contact._id)}
                      data-testid="contact-select"
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text fw={600} size="sm" className="sapa-contact-clip" title={contact.name}>
                    {contact.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="contact-phone-text">
                    {formatPhone(contact.phoneNumber, '-')}
                  </Text>
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column}>
                    <Text size="sm" className="sapa-contact-clip" title={contact.values[column] || undefined}>
                      {contact.values[column] || <span className="sapa-contact-blank">-</span>}
                    </Text>
                  </Table.Td>
                ))}
                {readOnly ? null : (
                  <Table.Td ta="right" className="sapa-contact-sticky-end">
                    <ActionIcon
                      variant="subtle"
                      size={32}
                      onClick={() => onEdit(contact)}
                      aria-label={interpolate(CONTACT_TEXT.editContactLabel, { name: contact.name })}
                      data-testid="contact-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Rows of grey bars while the contacts load. */
export function GroupContactSkeleton() {
  return (
    <Stack gap={0} data-testid="contact-skeleton" aria-busy="true" aria-label={CONTACT_TEXT.contactsLoading}>
      {Array.from({ length: 6 }, (_, i) => (
        <Group key={i} gap="md" wrap="nowrap" px="md" py={14} className="sapa-contact-skeleton-row">
          <Skeleton height={18} width={18} radius="sm" />
          <Skeleton height={12} width={`${30 - (i % 3) * 5}%`} radius="sm" />
          <Skeleton height={12} width="22%" radius="sm" />
          <Skeleton height={12} width="18%" radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}
