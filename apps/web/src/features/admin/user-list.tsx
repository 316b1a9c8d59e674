import { Anchor, Badge, Box, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import {
  ADMIN_USER_STATE_LABELS,
  formatDateJakarta,
  formatPhone,
  interpolate,
  type AdminUser,
  type AdminUserState,
} from '@sapa/contracts';
import { formatWibTime } from '../../lib/wib-time';
import { USER_STATE_COLORS } from './user-format';
import { USER_TEXT as T } from './user-strings';

export interface UserListProps {
  items: readonly AdminUser[];
  onOpen: (user: AdminUser) => void;
}

/** An owner's state as a badge: 'Berlangganan' green, 'Uji coba' blue, 'Dinonaktifkan' red, and so on. */
export function UserStateBadge({ state, size }: { state: AdminUserState; size?: string }) {
  return (
    <Badge
      color={USER_STATE_COLORS[state]}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      size={size}
      style={{ flexShrink: 0 }}
      data-testid="user-state"
      data-state={state}
    >
      {ADMIN_USER_STATE_LABELS[state]}
    </Badge>
  );
}

/** The plan of the latest paid purchase, 'Uji coba' on a trial, else '-'. */
export function planLabel(user: Pick<AdminUser, 'planName' | 'state'>): string {
  return user.planName ?? (user.state === 'trial' ? T.trialPlan : T.none);
}

const lastActive = (user: AdminUser) => (user.lastActiveAt ? formatWibTime(user.lastActiveAt) : T.never);

const BetaBadge = () => (
  <Badge variant="outline" color="grape" size="xs" radius="sm" tt="none">
    {T.beta}
  </Badge>
);

/** Five grey rows while the first page loads. */
export function UserListSkeleton() {
  return (
    <Stack gap={0} aria-busy="true" aria-label={T.listLoading} data-testid="user-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} justify="space-between" px="md" py={14} wrap="nowrap">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={12} w={`${45 - (i % 3) * 8}%`} radius="sm" />
            <Skeleton h={10} w={`${65 - (i % 2) * 15}%`} radius="sm" />
          </Stack>
          <Skeleton h={22} w={96} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/** The owners as a table (wide screens): a click anywhere on a row, or its name, opens the detail. */
export function UserTable({ items, onOpen }: UserListProps) {
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={T.listLabel} data-testid="user-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.colUser}</Table.Th>
            <Table.Th>{T.colState}</Table.Th>
            <Table.Th>{T.colPlan}</Table.Th>
            <Table.Th>{T.colExpires}</Table.Th>
            <Table.Th ta="right">{T.colNumbers}</Table.Th>
            <Table.Th ta="right">{T.colAgents}</Table.Th>
            <Table.Th>{T.colLastActive}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((user) => (
            <Table.Tr
              key={user._id}
              onClick={() => onOpen(user)}
              style={{ cursor: 'pointer' }}
              data-testid="user-row"
              data-id={user._id}
            >
              <Table.Td maw={280}>
                <Group gap={6} wrap="nowrap">
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    size="sm"
                    ta="left"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(user);
                    }}
                    data-testid="user-open"
                  >
                    {user.name}
                  </Anchor>
                  {user.isBetaUser ? <BetaBadge /> : null}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPhone(user.phone, T.none)}
                </Text>
              </Table.Td>
              <Table.Td>
                <UserStateBadge state={user.state} />
              </Table.Td>
              <Table.Td>{planLabel(user)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateJakarta(user.subscriptionExpiresAt)}
              </Table.Td>
              <Table.Td ta="right">{user.numbers}</Table.Td>
              <Table.Td ta="right">{user.agents}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastActive(user)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Under 600 px: one card per owner, each a button that opens the detail. */
export function UserCards({ items, onOpen }: UserListProps) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={T.listLabel} style={{ listStyle: 'none' }}>
      {items.map((user) => (
        <Box component="li" key={user._id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Card
            component="button"
            type="button"
            onClick={() => onOpen(user)}
            radius={0}
            padding="md"
            w="100%"
            ta="left"
            data-testid="user-row"
            data-id={user._id}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm" truncate>
                    {user.name}
                  </Text>
                  {user.isBetaUser ? <BetaBadge /> : null}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPhone(user.phone, T.none)}
                </Text>
                <Text size="sm" mt={2}>
                  {planLabel(user)}
                  {user.subscriptionExpiresAt
                    ? ` · ${interpolate(T.expiresOn, { date: formatDateJakarta(user.subscriptionExpiresAt) })}`
                    : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {interpolate(T.countsShort, { numbers: user.numbers, agents: user.agents })} ·{' '}
                  {user.lastActiveAt ? interpolate(T.lastActive, { time: lastActive(user) }) : T.never}
                </Text>
              </Stack>
              <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
                <UserStateBadge state={user.state} size="sm" />
                <IconChevronRight size={16} aria-hidden />
              </Group>
            </Group>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}
