import { Menu, Text } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { useSession } from '../../lib/use-session';
import { useMyAvailability, useSetAvailability } from '../../resources/teammate/teammate-queries';

/**
 * An agent's own switch in the user menu (issue 21): whether round-robin gives them new chats.
 * A menu item whose name ends with the state ('Aktif' / 'Nonaktif'; Mantine's items are menuitems, which
 * take no aria-checked); the menu stays open so the new state can be seen.
 */
export function AvailabilityItem() {
  const agentId = useSession()?.user?.agent?._id ?? null;
  const current = useMyAvailability(agentId);
  const change = useSetAvailability(agentId);
  if (!agentId) return null;
  const available = change.isPending ? !!change.variables : (current ?? true);
  return (
    <Menu.Item
      closeMenuOnClick={false}
      disabled={current === undefined || change.isPending}
      onClick={() => change.mutate(!available)}
      leftSection={
        <IconCircleFilled
          size={12}
          color={available ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)'}
          aria-hidden
        />
      }
      rightSection={
        <Text size="xs" c="gray.8" fw={600}>
          {available ? 'Aktif' : 'Nonaktif'}
        </Text>
      }
      data-testid="availability-toggle"
    >
      Tersedia untuk percakapan baru
    </Menu.Item>
  );
}
