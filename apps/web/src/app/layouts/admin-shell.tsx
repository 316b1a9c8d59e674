import { useEffect } from 'react';
import { Badge } from '@mantine/core';
import { IconArticle, IconGift, IconLayoutDashboard, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { NavEntry } from '../../components/nav-list';
import { ShellSkeleton } from '../../components/shell-skeleton';
import { ADMIN_PROFILE_KEY, useAdminProfileQuery } from '../../features/admin/use-admin-profile-query';
import { sessionStore } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { AdminMenu } from './admin-menu';
import { AppFrame } from './app-frame';

const NAV_ITEMS: readonly NavEntry[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/admin/transaction', label: 'Transaksi', icon: IconReceipt },
  { to: '/admin/user', label: 'Pengguna', icon: IconUsers },
  { to: '/admin/affiliate', label: 'Affiliate', icon: IconGift },
  { to: '/admin/article', label: 'Artikel', icon: IconArticle },
];

/** The admin area's frame; loads the admin profile first and ends the session if that fails (spec §4). */
export function AdminShell() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useAdminProfileQuery(!!session?.isAdmin);

  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: ADMIN_PROFILE_KEY, stale: true, type: 'active' },
      { cancelRefetch: false },
    );
  }, [pathname, queryClient]);

  useEffect(() => {
    if (!profile.isError) return;
    sessionStore.clear();
    queryClient.removeQueries({ queryKey: ADMIN_PROFILE_KEY });
    void navigate('/login', { replace: true });
  }, [profile.isError, navigate, queryClient]);

  const admin = session?.admin;
  if (profile.isPending || profile.isError || !admin) return <ShellSkeleton />;
  return (
    <AppFrame
      homePath="/admin/dashboard"
      navItems={NAV_ITEMS}
      navLabel="Menu admin"
      brandExtra={
        <Badge variant="light" color="gray">
          Admin
        </Badge>
      }
      headerRight={<AdminMenu admin={admin} />}
    />
  );
}
