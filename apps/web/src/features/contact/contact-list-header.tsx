import type { ReactNode } from 'react';
import { Alert, Box, CloseButton, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { CONTACT_MESSAGES } from '@sapa/contracts';
import { CONTACT_TEXT } from './contact-strings';

export interface ContactSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** a new search is loading */
  searching: boolean;
  label: string;
  placeholder: string;
  testId: string;
}

/** The search box of the Kontak lists: Escape or the cross clears it. */
export function ContactSearch({
  value,
  onChange,
  searching,
  label,
  placeholder,
  testId,
}: ContactSearchProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.preventDefault();
          onChange('');
        }
      }}
      leftSection={<IconSearch size={18} stroke={1.7} />}
      rightSection={
        searching ? (
          <Loader size={16} />
        ) : value ? (
          <CloseButton size="sm" aria-label={CONTACT_TEXT.clearSearch} onClick={() => onChange('')} />
        ) : null
      }
      data-testid={testId}
    />
  );
}

/** The note agents see instead of the owner's actions. */
export function ReadOnlyNote({ testId }: { testId: string }) {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle size={18} />}
      p="xs"
      role="note"
      data-testid={testId}
    >
      <Text size="xs">{CONTACT_MESSAGES.ownerOnly}</Text>
    </Alert>
  );
}

export interface ContactListHeaderProps {
  heading: ReactNode;
  description: ReactNode;
  /** the buttons on the right (wrap under the text on a phone) */
  actions?: ReactNode;
  /** agents: the owner-only note under the heading */
  readOnly: boolean;
  readOnlyTestId: string;
  search: ContactSearchProps;
}

/** The head of a Kontak list, like Pengaturan's: title, what it is for, actions and the search box. */
export function ContactListHeader({
  heading,
  description,
  actions,
  readOnly,
  readOnlyTestId,
  search,
}: ContactListHeaderProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mb="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={3} fz="h4" mb={4}>
            {heading}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Box>
        {actions ? (
          <Group gap="xs" className="sapa-contact-actions">
            {actions}
          </Group>
        ) : null}
      </Group>
      {readOnly ? (
        <Box mt="md">
          <ReadOnlyNote testId={readOnlyTestId} />
        </Box>
      ) : null}
      <Box mt="md">
        <ContactSearch {...search} />
      </Box>
    </Paper>
  );
}
