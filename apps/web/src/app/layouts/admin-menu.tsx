import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { AdminProfile } from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';
import { useLogout } from '../../lib/use-logout';

/** The admin user menu of spec §2: Pengaturan and Keluar. */
export function AdminMenu({ admin }: { admin: AdminProfile }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label="Menu akun"
          data-testid="admin-menu-button"
          className="sapa-account-button"
        >
          <Group gap={8} wrap="nowrap">
            <AppAvatar name={admin.name} size={34} />
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {admin.name}
            </Text>
            <IconChevronDown size={16} stroke={1.7} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="admin-menu">
        <Menu.Label>
          {admin.name} · @{admin.username}
        </Menu.Label>
        <Menu.Item
          leftSection={<IconSettings size={18} stroke={1.7} />}
          onClick={() => void navigate('/admin/setting')}
        >
          Pengaturan
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={18} stroke={1.7} />} onClick={logout}>
          Keluar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
