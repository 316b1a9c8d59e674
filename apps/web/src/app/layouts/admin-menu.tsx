import { Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { AdminProfile } from '@sapa/contracts';
import { AccountMenuTarget } from '../../components/account-menu-target';
import { useLogout } from '../../lib/use-logout';

/** The admin user menu of spec §2: Pengaturan and Keluar. */
export function AdminMenu({ admin }: { admin: AdminProfile }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <AccountMenuTarget name={admin.name} testId="admin-menu-button" />
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
