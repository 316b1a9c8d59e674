import { Suspense } from 'react';
import { Badge, Group } from '@mantine/core';
import {
  IconAddressBook,
  IconChartBar,
  IconGift,
  IconMessages,
  IconPlugConnected,
  IconSettings,
  IconSpeakerphone,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { isUnder } from '@sapa/contracts';
import type { NavEntry } from '../../components/nav-list';
import { SubscriptionBanner, subscriptionBannerOf } from '../../features/user/subscription-banner';
import { TrialBanner } from '../../features/user/trial-banner';
import { useSession } from '../../lib/use-session';
import { lazyPage } from '../lazy-page';
import { useGuardedLink } from '../use-guarded-link';
import { AppFrame } from './app-frame';
import { UserMenu } from './user-menu';

/** spec §2: the side menu items, in order. */
const NAV_ITEMS: readonly NavEntry[] = [
  { to: '/user/chat', label: 'Percakapan', icon: IconMessages },
  { to: '/user/publication', label: 'Publikasi', icon: IconSpeakerphone },
  { to: '/user/contact', label: 'Kontak', icon: IconAddressBook },
  { to: '/user/report', label: 'Laporan', icon: IconChartBar },
  { to: '/user/integration', label: 'Integrasi', icon: IconPlugConnected },
  { to: '/user/agent', label: 'Agen', icon: IconUsersGroup },
  'divider',
  { to: '/user/affiliate', label: 'Affiliate', icon: IconGift },
  { to: '/user/setting', label: 'Pengaturan', icon: IconSettings },
];

// One realtime socket per signed-in tab, in a chunk of its own.
const ChatRealtime = lazyPage(() => import('../../features/chat/chat-realtime'), 'ChatRealtime');
// The bell and its list (issue 21), beside the user menu.
const NotificationBell = lazyPage(
  () => import('../../features/teamwork/notification-bell'),
  'NotificationBell',
);

/** The signed-in owner's or agent's frame: top bar, side menu or drawer, subscription banner, realtime. */
export function UserShell() {
  const session = useSession();
  const guard = useGuardedLink();
  const { pathname } = useLocation();
  const user = session?.user;
  // the trial offer, or why sending is blocked (no active subscription) and how to renew
  const banner = subscriptionBannerOf(user, !!session?.agent, new Date());

  return (
    <>
      <Suspense fallback={null}>
        <ChatRealtime />
      </Suspense>
      <AppFrame
        homePath="/user/chat"
        navItems={NAV_ITEMS}
        navLabel="Menu utama"
        guard={guard}
        brandExtra={
          session?.agent ? (
            <Badge variant="light" color="brand" data-testid="agent-badge">
              Agen
            </Badge>
          ) : null
        }
        headerRight={
          user ? (
            <Group gap={6} wrap="nowrap">
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <UserMenu user={user} />
            </Group>
          ) : null
        }
        banner={
          banner === 'trial' ? (
            <TrialBanner />
          ) : banner && user ? (
            <SubscriptionBanner kind={banner} expiredAt={user.subscription.expiredAt} />
          ) : null
        }
        fill={isUnder(pathname, '/user/chat')}
      />
    </>
  );
}
