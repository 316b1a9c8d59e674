import { useState } from 'react';
import { Box, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconArticle,
  IconBook,
  IconCode,
  IconGift,
  IconHeadset,
  IconLogout,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDateJakarta, type UserProfile } from '@sapa/contracts';
import { AccountMenuTarget } from '../../components/account-menu-target';
import { AppAvatar } from '../../components/app-avatar';
import { useConfig } from '../../lib/use-config';
import { useLogout } from '../../lib/use-logout';
import { useGuardedLink } from '../use-guarded-link';
import { AvailabilityItem } from '../../features/teamwork/availability-item';

const ICON = { size: 18, stroke: 1.7 } as const;

/** The avatar dropdown of spec §2: who is signed in, the subscription, more links, settings, logout. */
export function UserMenu({ user }: { user: UserProfile }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout();
  const guard = useGuardedLink();
  const { data: config } = useConfig();
  // spec §6: an agent sees their own name and phone.
  const me = user.agent ?? user;
  const expiredAt = user.subscription.expiredAt;

  const external = (href: string | undefined) =>
    href
      ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' }
      : { disabled: true };

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={300}
      shadow="md"
      withinPortal
      // no focus placeholder among the items (axe aria-required-children)
      withInitialFocusPlaceholder={false}
    >
      <AccountMenuTarget name={me.name} testId="user-menu-button" />

      <Menu.Dropdown data-testid="user-menu">
        <Group gap="sm" p="sm" wrap="nowrap">
          <Box aria-hidden>
            <AppAvatar name={me.name} size={44} />
          </Box>
          <Box miw={0}>
            <Text fw={600} truncate data-testid="user-menu-name">
              {me.name}
            </Text>
            <Text size="sm" c="dimmed" data-testid="user-menu-phone">
              +{me.phone}
            </Text>
          </Box>
        </Group>
        <Stack gap={6} px="sm" pb="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Box miw={0} style={{ flex: 1 }}>
              <Text size="xs" c="dimmed">
                Masa aktif hingga
              </Text>
              <Text size="sm" fw={500} data-testid="subscription-expiry">
                {formatDateJakarta(expiredAt)}
              </Text>
            </Box>
            <Button
              size="xs"
              // inside role=menu every control is a menu item (axe aria-required-children)
              role="menuitem"
              style={{ flexShrink: 0 }}
              component={Link}
              to="/user/transaction"
              onClick={(event) => {
                if (!guard('/user/transaction')) event.preventDefault();
                setOpened(false);
              }}
            >
              {expiredAt ? 'Perpanjang' : 'Upgrade'}
            </Button>
          </Group>
        </Stack>

        {user.agent ? (
          <>
            <Menu.Divider />
            <AvailabilityItem />
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Label>Menu Lainnya</Menu.Label>
        <Menu.Item leftSection={<IconGift {...ICON} />} onClick={() => void navigate('/user/affiliate')}>
          Affiliate
        </Menu.Item>
        <Menu.Item leftSection={<IconCode {...ICON} />} onClick={() => void navigate('/user/documentation')}>
          Dokumentasi API
        </Menu.Item>
        <Menu.Item
          leftSection={<IconReceipt {...ICON} />}
          onClick={() => {
            if (guard('/user/transaction')) void navigate('/user/transaction');
          }}
        >
          Transaksi
        </Menu.Item>
        <Menu.Item leftSection={<IconBook {...ICON} />} {...external(config?.links.tutorial)}>
          Tutorial
        </Menu.Item>
        <Menu.Item leftSection={<IconHeadset {...ICON} />} {...external(config?.links.customerService)}>
          Customer Service
        </Menu.Item>
        <Menu.Item leftSection={<IconArticle {...ICON} />} {...external(config?.links.article)}>
          Artikel
        </Menu.Item>

        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings {...ICON} />} onClick={() => void navigate('/user/setting')}>
          Pengaturan
        </Menu.Item>
        {/* red.8: Mantine's red is 3.3:1 on white, under WCAG AA's 4.5:1 */}
        <Menu.Item leftSection={<IconLogout {...ICON} color="var(--mantine-color-red-8)" />} onClick={logout}>
          <Text span inherit c="red.8">
            Keluar
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
