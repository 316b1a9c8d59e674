import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconAt, IconBell, IconBellOff, IconUserCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { capCount, INBOX_MESSAGES, type Notification } from '@sapa/contracts';
import {
  notificationTitle,
  unreadOf,
  useMarkNotificationsRead,
  useNotifications,
} from '../../resources/notification/notification-queries';
import { notificationTime } from './notification-time';
import { useNotificationRealtime } from './use-notification-realtime';
import './notification-bell.css';

function Item({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const Icon = notification.kind === 'assigned' ? IconUserCheck : IconAt;
  return (
    <UnstyledButton
      className="sapa-notification"
      data-unread={!notification.read || undefined}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-kind={notification.kind}
    >
      <ThemeIcon
        size={30}
        radius="xl"
        variant="light"
        color={notification.kind === 'assigned' ? 'brand' : 'yellow'}
        aria-hidden
      >
        <Icon size={17} stroke={1.8} />
      </ThemeIcon>
      <Box miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={notification.read ? 400 : 600} lh={1.35}>
          {notificationTitle(notification)}
        </Text>
        {notification.kind === 'mention' && notification.text ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {notification.text}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt}>
          {notificationTime(notification.createdAt)}
        </Text>
      </Box>
      {notification.read ? null : (
        <>
          <span className="sapa-notification-dot" aria-hidden />
          <span className="sapa-notification-sr">belum dibaca</span>
        </>
      )}
    </UnstyledButton>
  );
}

/**
 * The bell in the app header (issue 21): the unread count, a list of the teammate's notifications
 * (a chat assigned to them, a mention in a note; newest first) that opens the chat and marks it
 * read, and 'Tandai semua dibaca'. New ones arrive live with a toast.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  useNotificationRealtime();
  const unread = unreadOf(query.data);
  const items = query.data?.pages.flatMap((p) => p.docs) ?? [];
  const label = unread > 0 ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi';

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification._id]);
    setOpened(false);
    if (notification.chatId) void navigate(`/user/chat/${notification.chatId}`);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Tooltip label="Notifikasi" withArrow disabled={opened}>
          <Indicator
            label={capCount(unread)}
            size={18}
            offset={6}
            disabled={unread === 0}
            color="red.8"
            data-testid="notification-count"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size={38}
              radius="xl"
              aria-label={label}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => setOpened((o) => !o)}
              data-testid="notification-bell"
            >
              <IconBell size={21} stroke={1.7} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        className="sapa-notification-pop"
        role="dialog"
        aria-label="Notifikasi"
        data-testid="notification-popover"
      >
        <Group justify="space-between" px="md" py="sm" wrap="nowrap" className="sapa-notification-head">
          <Text fw={650}>Notifikasi</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            // stays enabled: a focused button that turns disabled drops the focus out of the list
            onClick={() => {
              if (unread > 0) markRead.mutate(undefined);
            }}
            data-testid="notification-read-all"
          >
            Tandai semua dibaca
          </Button>
        </Group>
        <ScrollArea.Autosize mah="min(420px, 70vh)" type="auto">
          {query.isPending ? (
            <Stack gap="sm" p="md" aria-busy="true" aria-label="Memuat notifikasi">
              {[0, 1, 2].map((i) => (
                <Group key={i} gap="sm" wrap="nowrap">
                  <Skeleton height={30} circle />
                  <Stack gap={6} style={{ flex: 1 }}>
                    <Skeleton height={12} width="85%" />
                    <Skeleton height={10} width="30%" />
                  </Stack>
                </Group>
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <Stack align="center" gap={6} py="xl" px="md" ta="center" data-testid="notification-empty">
              <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
                <IconBellOff size={22} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600} size="sm">
                {INBOX_MESSAGES.notificationsEmpty}
              </Text>
              <Text size="xs" c="dimmed">
                Anda diberi tahu di sini saat percakapan ditugaskan kepada Anda atau rekan menyebut Anda dalam
                catatan.
              </Text>
            </Stack>
          ) : (
            <div role="list" aria-label="Daftar notifikasi">
              {items.map((n) => (
                <div role="listitem" key={n._id}>
                  <Item notification={n} onOpen={open} />
                </div>
              ))}
              {query.hasNextPage ? (
                <Box p="xs">
                  <Button
                    variant="light"
                    size="xs"
                    fullWidth
                    loading={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    Lebih Banyak
                  </Button>
                </Box>
              ) : null}
            </div>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
