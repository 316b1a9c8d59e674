import type { ReactNode } from 'react';
import { Alert, Box, Button, Group, Paper, Text, Title, type MantineSpacing } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';

/** The note agents see instead of the owner's actions. */
export function OwnerOnlyNote({
  message,
  testId,
  mt,
}: {
  message: ReactNode;
  testId: string;
  mt?: MantineSpacing;
}) {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle size={18} />}
      p="xs"
      mt={mt}
      role="note"
      data-testid={testId}
    >
      <Text size="xs">{message}</Text>
    </Alert>
  );
}

/** The owner's add button of a list, or for agents (readOnly) the owner-only note instead. */
export interface ListHeaderOwner {
  readOnly: boolean;
  readOnlyNote: ReactNode;
  addLabel: ReactNode;
  onAdd: () => void;
  /** 'label' gives label-add and label-read-only */
  testIdPrefix: string;
}

export interface ListHeaderProps {
  heading: ReactNode;
  description: ReactNode;
  /** on the right of the text (wraps under it on a phone) */
  actions?: ReactNode;
  owner?: ListHeaderOwner;
  /** under the heading (after the owner-only note), e.g. the search box */
  children?: ReactNode;
}

/** The head of a list screen (Kontak, Pengaturan, Integrasi): title, what it is for, its actions. */
export function ListHeader({ heading, description, actions, owner, children }: ListHeaderProps) {
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
        {actions}
        {owner && !owner.readOnly ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={owner.onAdd}
            data-testid={`${owner.testIdPrefix}-add`}
          >
            {owner.addLabel}
          </Button>
        ) : null}
      </Group>
      {owner?.readOnly ? (
        <OwnerOnlyNote mt="md" message={owner.readOnlyNote} testId={`${owner.testIdPrefix}-read-only`} />
      ) : null}
      {children}
    </Paper>
  );
}
