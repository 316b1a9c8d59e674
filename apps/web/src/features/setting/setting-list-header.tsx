import { Alert, Box, Button, CloseButton, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconSearch } from '@tabler/icons-react';

export interface SettingListHeaderProps {
  heading: string;
  description: string;
  /** agents see the list only: no add button, and this note instead */
  readOnly: boolean;
  readOnlyNote: string;
  addLabel: string;
  onAdd: () => void;
  search: string;
  onSearch: (value: string) => void;
  /** a new search is loading */
  searching: boolean;
  searchLabel: string;
  searchPlaceholder: string;
  clearSearchLabel: string;
  /** 'label' gives label-add, label-read-only and label-search */
  testIdPrefix: string;
}

/**
 * The head of a Pengaturan list (labels, templates): title, what it is for, the add button (or the
 * read-only note for agents) and the search box (Escape or the cross clears it).
 */
export function SettingListHeader({
  heading,
  description,
  readOnly,
  readOnlyNote,
  addLabel,
  onAdd,
  search,
  onSearch,
  searching,
  searchLabel,
  searchPlaceholder,
  clearSearchLabel,
  testIdPrefix,
}: SettingListHeaderProps) {
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
        {readOnly ? null : (
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid={`${testIdPrefix}-add`}>
            {addLabel}
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
          data-testid={`${testIdPrefix}-read-only`}
        >
          <Text size="xs">{readOnlyNote}</Text>
        </Alert>
      ) : null}
      <TextInput
        mt="md"
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && search) {
            event.preventDefault();
            onSearch('');
          }
        }}
        leftSection={<IconSearch size={18} stroke={1.7} />}
        rightSection={
          searching ? (
            <Loader size={16} />
          ) : search ? (
            <CloseButton size="sm" aria-label={clearSearchLabel} onClick={() => onSearch('')} />
          ) : null
        }
        data-testid={`${testIdPrefix}-search`}
      />
    </Paper>
  );
}
