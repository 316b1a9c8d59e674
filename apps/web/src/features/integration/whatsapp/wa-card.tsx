import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconDots,
  IconKey,
  IconLink,
  IconPencil,
  IconSend,
  IconTrash,
  IconUsers,
  IconAddressBook,
  IconMessageBolt,
  IconPlugConnected,
  IconWebhook,
} from '@tabler/icons-react';
import {
  AUTO_REPLY_MESSAGES,
  INTEGRATION_MESSAGES,
  formatLastSeen,
  type Account,
  formatPhone,
} from '@sapa/contracts';
import { RELINKABLE, WA_TEXT, statusColor, statusLabel } from './wa-strings';
import { RoundRobinSwitch } from './round-robin-switch';
import { WEBHOOK_TEXT } from './webhook-strings';

export type CardAction =
  'rename' | 'test' | 'auto-reply' | 'groups' | 'contacts' | 'reset-token' | 'webhook' | 'relink' | 'delete';

export interface WaCardProps {
  account: Account;
  /** agents: reads only (groups and contacts) */
  readOnly: boolean;
  onAction: (action: CardAction, account: Account) => void;
}

/**
 * One WhatsApp number: name, number, status with its reason, last activity, and its menu. A Cloud API
 * number (issue 25) has no QR, groups, synced contacts, pace or test message (free text outside the
 * 24-hour window is refused there), and turns red with 'Hubungkan ulang' when Meta refuses its token.
 */
export function WaCard({ account, readOnly, onAction }: WaCardProps) {
  const web = account.provider === 'whatsapp-web';
  const cloud = account.provider === 'whatsapp-cloud';
  const needsRelink = cloud && !!account.channel?.needsRelink;
  const items: { action: CardAction; label: string; icon: typeof IconPencil; color?: string }[] = [];
  if (!readOnly) items.push({ action: 'rename', label: WA_TEXT.rename, icon: IconPencil });
  if (!readOnly && account.status === 'connected' && !cloud)
    items.push({ action: 'test', label: WA_TEXT.test, icon: IconSend });
  if (!readOnly)
    items.push({ action: 'auto-reply', label: AUTO_REPLY_MESSAGES.menuItem, icon: IconMessageBolt });
  if (web) items.push({ action: 'groups', label: WA_TEXT.groups, icon: IconUsers });
  if (!cloud) items.push({ action: 'contacts', label: WA_TEXT.contacts, icon: IconAddressBook });
  if (!readOnly && web) items.push({ action: 'reset-token', label: WA_TEXT.resetToken, icon: IconKey });
  // issue 26: every number's events, sandbox and Cloud API too, go to the owner's webhook
  if (!readOnly) items.push({ action: 'webhook', label: WEBHOOK_TEXT.menuItem, icon: IconWebhook });
  if (!readOnly && web && RELINKABLE.has(account.status))
    items.push({ action: 'relink', label: WA_TEXT.relink, icon: IconLink });
  if (!readOnly && cloud && (needsRelink || RELINKABLE.has(account.status)))
    items.push({ action: 'relink', label: INTEGRATION_MESSAGES.reconnect, icon: IconLink });
  if (!readOnly) items.push({ action: 'delete', label: WA_TEXT.remove, icon: IconTrash, color: 'red' });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="wa-card"
      data-account-id={account.id}
      data-status={account.status}
      data-provider={account.provider}
      style={needsRelink ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon size={40} radius="xl" variant="light" color="green" aria-hidden>
          <IconBrandWhatsapp size={22} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={650} truncate data-testid="wa-name">
              {account.label.name}
            </Text>
            {account.isSandbox ? (
              <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                {WA_TEXT.sandbox}
              </Badge>
            ) : null}
            {cloud ? (
              <Badge
                size="xs"
                variant="light"
                color="blue"
                style={{ flexShrink: 0 }}
                data-testid="wa-cloud-badge"
              >
                {WA_TEXT.cloudBadge}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" data-testid="wa-number">
            {formatPhone(account.label.phoneNumber) || account.channel?.handle || WA_TEXT.noNumber}
          </Text>
          <Group gap={6}>
            {needsRelink ? (
              <Badge color="red" variant="light" data-testid="wa-status">
                {INTEGRATION_MESSAGES['state.tokenInvalid']}
              </Badge>
            ) : (
              <Badge color={statusColor(account.status)} variant="light" data-testid="wa-status">
                {statusLabel(account.status)}
              </Badge>
            )}
          </Group>
          {needsRelink ? (
            <Text size="xs" c="red" data-testid="wa-reason">
              {account.statusReason || INTEGRATION_MESSAGES.tokenInvalidReason}
            </Text>
          ) : account.statusReason ? (
            <Text size="xs" c={account.status === 'logged_out' ? 'red' : 'orange.8'} data-testid="wa-reason">
              {account.statusReason}
            </Text>
          ) : null}
          {web ? (
            <Text size="xs" c="dimmed" data-testid="wa-last-seen">
              {WA_TEXT.lastSeen}: {formatLastSeen(account.lastSeenAt)}
            </Text>
          ) : null}
          {needsRelink && !readOnly ? (
            <Group mt={4}>
              <Button
                size="xs"
                color="red"
                leftSection={<IconPlugConnected size={14} />}
                onClick={() => onAction('relink', account)}
                data-testid="wa-cloud-reconnect"
              >
                {INTEGRATION_MESSAGES.reconnect}
              </Button>
            </Group>
          ) : null}
          {readOnly ? null : <RoundRobinSwitch account={account} />}
        </Stack>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={WA_TEXT.menu(account.label.name)}
              data-testid="wa-menu"
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map(({ action, label, icon: Icon, color }) => (
              <Menu.Item
                key={action}
                color={color}
                leftSection={<Icon size={16} />}
                onClick={() => onAction(action, account)}
                data-testid={`wa-${action}`}
              >
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
