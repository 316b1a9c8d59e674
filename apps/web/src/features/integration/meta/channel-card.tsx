import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconClockHour7, IconDots, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { INTEGRATION_MESSAGES as M, type Account } from '@sapa/contracts';
import { AppAvatar } from '../../../components/app-avatar';
import { statusColor, statusLabel } from '../whatsapp/wa-strings';
import { META_TEXT } from './meta-strings';

/** How a card reads: linked, refused by Meta (red, 'Hubungkan ulang'), or another account status. */
export type ChannelCardState = 'connected' | 'needs-relink' | 'other';

export function channelCardState(account: Account): ChannelCardState {
  if (!account.isSandbox && account.channel?.needsRelink) return 'needs-relink';
  return account.status === 'connected' ? 'connected' : 'other';
}

export interface ChannelCardProps {
  account: Account;
  /** agents: the card without its actions */
  readOnly: boolean;
  /** 'Hubungkan ulang' of this card is under way */
  reconnecting: boolean;
  /** another link is under way, or the Meta app is not set up */
  reconnectDisabled: boolean;
  onReconnect: (account: Account) => void;
  onRemove: (account: Account) => void;
}

/**
 * One Instagram account or Facebook Page: its picture, name and handle, whether it is linked (or
 * red with why and 'Hubungkan ulang' when Meta refused its token), the Human Agent hint, and its menu.
 */
export function ChannelCard({
  account,
  readOnly,
  reconnecting,
  reconnectDisabled,
  onReconnect,
  onRemove,
}: ChannelCardProps) {
  const state = channelCardState(account);
  const channel = account.channel;
  const name = account.label.name;
  const handle = channel?.handle && channel.handle !== name ? channel.handle : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="meta-card"
      data-account-id={account.id}
      data-state={state}
      style={state === 'needs-relink' ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <AppAvatar src={channel?.picture} name={name} size={44} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={650} truncate data-testid="meta-name">
              {name}
            </Text>
            {account.isSandbox ? (
              <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                {META_TEXT.sandbox}
              </Badge>
            ) : null}
          </Group>
          {handle ? (
            <Text size="sm" c="dimmed" truncate data-testid="meta-handle">
              {handle}
            </Text>
          ) : null}
          {account.isSandbox ? (
            <Text size="xs" c="dimmed">
              {META_TEXT.sandboxHint}
            </Text>
          ) : null}
          <Group gap={6}>
            <Badge
              variant="light"
              color={
                state === 'needs-relink'
                  ? 'red'
                  : state === 'connected'
                    ? 'green'
                    : statusColor(account.status)
              }
              data-testid="meta-status"
            >
              {state === 'needs-relink'
                ? M['state.tokenInvalid']
                : state === 'connected'
                  ? M['state.connected']
                  : statusLabel(account.status)}
            </Badge>
            {channel?.humanAgent && !account.isSandbox ? (
              <Tooltip
                label={META_TEXT.humanAgentHint}
                multiline
                w={260}
                events={{ hover: true, focus: true, touch: true }}
              >
                <Badge
                  variant="light"
                  color="violet"
                  leftSection={<IconClockHour7 size={12} aria-hidden />}
                  tabIndex={0}
                  aria-label={`${META_TEXT.humanAgent}: ${META_TEXT.humanAgentHint}`}
                  data-testid="meta-human-agent"
                >
                  {META_TEXT.humanAgent}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          {state === 'needs-relink' ? (
            <Text size="xs" c="red" data-testid="meta-reason">
              {account.statusReason || M.tokenInvalidReason}
            </Text>
          ) : state === 'other' && account.statusReason ? (
            <Text size="xs" c="orange.8" data-testid="meta-reason">
              {account.statusReason}
            </Text>
          ) : null}
          {state === 'needs-relink' && !readOnly ? (
            <Group mt={4}>
              <Button
                size="xs"
                color="red"
                leftSection={<IconPlugConnected size={14} />}
                loading={reconnecting}
                disabled={reconnectDisabled && !reconnecting}
                onClick={() => onReconnect(account)}
                data-testid="meta-reconnect"
              >
                {M.reconnect}
              </Button>
            </Group>
          ) : null}
        </Stack>
        {readOnly ? null : (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={META_TEXT.menu(name)}
                data-testid="meta-menu"
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onRemove(account)}
                data-testid="meta-remove"
              >
                {META_TEXT.remove}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}
