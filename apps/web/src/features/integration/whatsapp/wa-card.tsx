import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
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
} from '@tabler/icons-react';
import { AUTO_REPLY_MESSAGES, formatLastSeen, type Account, formatPhone } from '@sapa/contracts';
import { RELINKABLE, WA_TEXT, statusColor, statusLabel } from './wa-strings';
import { RoundRobinSwitch } from './round-robin-switch';

export type CardAction =
  'rename' | 'test' | 'auto-reply' | 'groups' | 'contacts' | 'reset-token' | 'relink' | 'delete';

export interface WaCardProps {
  account: Account;
  /** agents: reads only (groups and contacts) */
  readOnly: boolean;
  onAction: (action: CardAction, account: Account) => void;
}

/** One WhatsApp number: name, number, status with its reason, last activity, and its menu. */
export function WaCard({ account, readOnly, onAction }: WaCardProps) {
  const web = account.provider === 'whatsapp-web';
  const items: { action: CardAction; label: string; icon: typeof IconPencil; color?: string }[] = [];
  if (!readOnly) items.push({ action: 'rename', label: WA_TEXT.rename, icon: IconPencil });
  if (!readOnly && account.status === 'connected')
    items.push({ action: 'test', label: WA_TEXT.test, icon: IconSend });
  if (!readOnly)
    items.push({ action: 'auto-reply', label: AUTO_REPLY_MESSAGES.menuItem, icon: IconMessageBolt });
  if (web) items.push({ action: 'groups', label: WA_TEXT.groups, icon: IconUsers });
  items.push({ action: 'contacts', label: WA_TEXT.contacts, icon: IconAddressBook });
  if (!readOnly && web) items.push({ action: 'reset-token', label: WA_TEXT.resetToken, icon: IconKey });
  if (!readOnly && web && RELINKABLE.has(account.status))
    items.push({ action: 'relink', label: WA_TEXT.relink, icon: IconLink });
  if (!readOnly) items.push({ action: 'delete', label: WA_TEXT.remove, icon: IconTrash, color: 'red' });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="wa-card"
      data-account-id={account.id}
      data-status={account.status}
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
          </Group>
          <Text size="sm" c="dimmed" data-testid="wa-number">
            {formatPhone(account.label.phoneNumber) || WA_TEXT.noNumber}
          </Text>
          <Group gap={6}>
            <Badge color={statusColor(account.status)} variant="light" data-testid="wa-status">
              {statusLabel(account.status)}
            </Badge>
          </Group>
          {account.statusReason ? (
            <Text size="xs" c={account.status === 'logged_out' ? 'red' : 'orange.8'} data-testid="wa-reason">
              {account.statusReason}
            </Text>
          ) : null}
          {web ? (
            <Text size="xs" c="dimmed" data-testid="wa-last-seen">
              {WA_TEXT.lastSeen}: {formatLastSeen(account.lastSeenAt)}
            </Text>
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
