import { useEffect } from 'react';
import { Badge } from '@mantine/core';
import { IconArticle, IconGift, IconLayoutDashboard, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { NavEntry } from '../../components/nav-list';
import { ShellSkeleton } from '../../components/shell-skeleton';
import { fetchAdminProfile } from '../../features/admin/fetch-admin-profile';
import { ADMIN_PROFILE_KEY } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { QueryProvider } from '../query-provider';
import { AdminMenu } from './admin-menu';
import { AppFrame } from './app-frame';

const NAV_ITEMS: readonly NavEntry[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/admin/transaction', label: 'Transaksi', icon: IconReceipt },
  { to: '/admin/user', label: 'Pengguna', icon: IconUsers },
  { to: '/admin/affiliate', label: 'Affiliate', icon: IconGift },
  { to: '/admin/article', label: 'Artikel', icon: IconArticle },
];

const FRESH_MS = 30_000;

/** The admin area: server cache, admin profile gate and frame (spec §2 'Layouts', §4). */
export function AdminShell() {
  return (
    <QueryProvider>
      <AdminFrame />
    </QueryProvider>
  );
}

function AdminFrame() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setAt = sessionStore.setAt();
  const fresh = session?.admin && Date.now() - setAt < FRESH_MS ? session.admin : undefined;
  const profile = useQuery({
    queryKey: ADMIN_PROFILE_KEY,
    queryFn: ({ signal }) => fetchAdminProfile(signal),
    enabled: !!session?.isAdmin,
    initialData: fresh,
    initialDataUpdatedAt: fresh ? setAt : undefined,
    retry: false,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: ADMIN_PROFILE_KEY, stale: true, type: 'active' },
      { cancelRefetch: false },
    );
  }, [pathname, queryClient]);

  useEffect(() => {
    if (!profile.isError) return;
    sessionStore.clear();
    void navigate('/login', { replace: true });
  }, [profile.isError, navigate]);

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
