import { Badge } from '@mantine/core';
import {
  IconArticle,
  IconGift,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconReceipt,
  IconUsers,
} from '@tabler/icons-react';
import type { NavEntry } from '../../components/nav-list';
import { ShellSkeleton } from '../../components/shell-skeleton';
import { fetchAdminProfile } from '../../features/admin/fetch-admin-profile';
import { ADMIN_PROFILE_KEY } from '../../lib/query-keys';
import { useConfig } from '../../lib/use-config';
import { useSession } from '../../lib/use-session';
import { QueryProvider } from '../query-provider';
import { useSessionProfile } from '../use-session-profile';
import { AdminMenu } from './admin-menu';
import { AppFrame } from './app-frame';

const NAV_ITEMS: readonly NavEntry[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/admin/transaction', label: 'Transaksi', icon: IconReceipt },
  { to: '/admin/user', label: 'Pengguna', icon: IconUsers },
  { to: '/admin/affiliate', label: 'Affiliate', icon: IconGift },
  { to: '/admin/article', label: 'Artikel', icon: IconArticle },
  { to: '/admin/audit', label: 'Audit', icon: IconHistory },
];
/** Without SMTP the server keeps its mail for the operators to read. */
const WITH_MAILBOX: readonly NavEntry[] = [
  ...NAV_ITEMS,
  { to: '/admin/mailbox', label: 'Kotak Surat', icon: IconMail },
];

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
  const profile = useSessionProfile({
    queryKey: ADMIN_PROFILE_KEY,
    fetch: fetchAdminProfile,
    enabled: !!session?.isAdmin,
    stored: session?.admin,
  });

  const config = useConfig();
  const admin = session?.admin;
  if (profile.isPending || profile.isError || !admin) return <ShellSkeleton />;
  return (
    <AppFrame
      homePath="/admin/dashboard"
      navItems={config.data?.devMailbox ? WITH_MAILBOX : NAV_ITEMS}
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
