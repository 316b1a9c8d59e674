import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { AppAvatar } from './app-avatar';

/** The header's 'Menu akun' button that opens an account menu: the avatar, the name and a chevron. */
export function AccountMenuTarget({ name, testId }: { name: string; testId: string }) {
  return (
    <Menu.Target>
      <UnstyledButton aria-label="Menu akun" data-testid={testId} className="sapa-account-button">
        <Group gap={8} wrap="nowrap">
          <AppAvatar name={name} size={34} />
          <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
            {name}
          </Text>
          <IconChevronDown size={16} stroke={1.7} aria-hidden />
        </Group>
      </UnstyledButton>
    </Menu.Target>
  );
}
