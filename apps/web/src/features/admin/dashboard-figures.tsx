import './dashboard-figures.css';
import type { ComponentType, ReactNode } from 'react';
import { Badge, Box, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconClock,
  IconCreditCard,
  IconPlugConnected,
  IconRosette,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ACCOUNT_TYPES,
  formatRupiah,
  interpolate,
  type AccountType,
  type AdminDashboard,
} from '@sapa/contracts';
import { ChannelIcon } from '../../components/channel-icon';
import { formatCount, jakartaMonthStart } from './dashboard-format';
import { DASHBOARD_TEXT as T } from './dashboard-strings';

/** Where each figure leads: the lists read these query parameters. */
export const FIGURE_LINKS = {
  owners: '/admin/user',
  active: '/admin/user?state=active',
  trial: '/admin/user?state=trial',
  /** this month's paid purchases: from the first day of the Jakarta month */
  revenue: (now?: Date) => `/admin/transaction?status=paid&from=${jakartaMonthStart(now)}`,
  transfers: '/admin/transaction?status=pending&method=bank_transfer',
  withdrawals: '/admin/affiliate',
} as const;

const CHANNEL_NAMES: Record<AccountType, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

type Icon = ComponentType<{ size?: number; stroke?: number }>;

interface FigureProps {
  label: string;
  value: string;
  /** under the value: a hint, or what needs the operator */
  note: ReactNode;
  icon: Icon;
  color?: string;
  to: string;
  testId: string;
}

/** One figure; the whole card is the link to its list (its text names the link). */
function Figure({ label, value, note, icon: FigureIcon, color, to, testId }: FigureProps) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="md"
      className="sapa-dashboard-card mantine-focus-auto"
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size="md" radius="md" aria-hidden>
          <FigureIcon size={18} stroke={1.8} />
        </ThemeIcon>
      </Group>
      <Text
        fz={{ base: 'lg', sm: 'xl' }}
        fw={700}
        mt={4}
        className="sapa-dashboard-value"
        data-testid={`${testId}-value`}
      >
        {value}
      </Text>
      <div>{note}</div>
    </Card>
  );
}

const hint = (text: string) => (
  <Text size="xs" c="dimmed">
    {text}
  </Text>
);

/** A count that waits for the operator: a badge while there is any. */
const waiting = (count: number, idle: string) =>
  count > 0 ? (
    <Badge variant="light" color="orange" size="sm" leftSection={<IconClock size={12} />}>
      {T.needsAction}
    </Badge>
  ) : (
    hint(idle)
  );

/** The figures at a glance, each leading to its list, and the numbers by channel. */
export function DashboardFigures({ data }: { data: AdminDashboard }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        <Figure
          label={T.owners}
          value={formatCount(data.owners.total)}
          note={hint(interpolate(T.ownersNew, { count: formatCount(data.owners.newThisMonth) }))}
          icon={IconUsers}
          to={FIGURE_LINKS.owners}
          testId="figure-owners"
        />
        <Figure
          label={T.active}
          value={formatCount(data.subscriptions.active)}
          note={hint(T.activeHint)}
          icon={IconCreditCard}
          color="green"
          to={FIGURE_LINKS.active}
          testId="figure-active"
        />
        <Figure
          label={T.trial}
          value={formatCount(data.subscriptions.trial)}
          note={hint(T.trialHint)}
          icon={IconRosette}
          color="blue"
          to={FIGURE_LINKS.trial}
          testId="figure-trial"
        />
        <Figure
          label={T.revenue}
          value={formatRupiah(data.revenue.thisMonth)}
          note={hint(T.revenueHint)}
          icon={IconCash}
          color="teal"
          to={FIGURE_LINKS.revenue()}
          testId="figure-revenue"
        />
        <Figure
          label={T.transfers}
          value={formatCount(data.pendingTransfers)}
          note={waiting(data.pendingTransfers, T.nothingWaiting)}
          icon={IconClock}
          color={data.pendingTransfers ? 'orange' : 'gray'}
          to={FIGURE_LINKS.transfers}
          testId="figure-transfers"
        />
        <Figure
          label={T.withdrawals}
          value={formatCount(data.pendingWithdrawals)}
          note={waiting(data.pendingWithdrawals, T.nothingWaiting)}
          icon={IconWallet}
          color={data.pendingWithdrawals ? 'orange' : 'gray'}
          to={FIGURE_LINKS.withdrawals}
          testId="figure-withdrawals"
        />
      </SimpleGrid>
      <NumbersCard numbers={data.numbers} />
    </Stack>
  );
}

/** Connected numbers by channel, and how many of them are disconnected. */
function NumbersCard({ numbers }: { numbers: AdminDashboard['numbers'] }) {
  const total = ACCOUNT_TYPES.reduce((sum, type) => sum + numbers[type], 0);
  return (
    <Card withBorder radius="md" padding="md" data-testid="figure-numbers">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
              <IconPlugConnected size={18} stroke={1.8} />
            </ThemeIcon>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {T.numbers}
            </Text>
          </Group>
          <Text
            fz={{ base: 'lg', sm: 'xl' }}
            fw={700}
            className="sapa-dashboard-value"
            data-testid="figure-numbers-value"
          >
            {formatCount(total)}
          </Text>
        </Stack>
        {numbers.disconnected > 0 ? (
          <Badge
            variant="light"
            color="red"
            leftSection={<IconAlertTriangle size={12} />}
            data-testid="figure-numbers-disconnected"
          >
            {interpolate(T.disconnected, { count: formatCount(numbers.disconnected) })}
          </Badge>
        ) : (
          <Badge variant="light" color="green" data-testid="figure-numbers-disconnected">
            {T.allConnected}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={3} spacing="xs" mt="sm">
        {ACCOUNT_TYPES.map((type) => (
          <Group key={type} gap={8} wrap="nowrap" data-testid={`figure-numbers-${type}`}>
            {/* the name is written beside it */}
            <Box aria-hidden style={{ display: 'flex' }}>
              <ChannelIcon type={type} size={20} />
            </Box>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} size="sm" lh={1.3}>
                {formatCount(numbers[type])}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {CHANNEL_NAMES[type]}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}
