import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Divider, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconBan, IconCalendarEvent, IconHistory, IconLockOpen } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateJakarta, formatPhone, interpolate, type AdminUserDetail } from '@sapa/contracts';
import { formatWibTime } from '../../lib/wib-time';
import { AccountList, AdjustmentList, AgentList, TransactionList } from './user-detail-lists';
import { formatDateTimeWib } from './user-format';
import { planLabel, UserStateBadge } from './user-list';
import { USER_TEXT as T } from './user-strings';

export interface UserDetailActions {
  onChangeExpiry: () => void;
  onDisable: () => void;
  onEnable: () => void;
  enabling: boolean;
  onBetaChange: (isBetaUser: boolean) => void;
  betaPending: boolean;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="xs" component="section" data-testid={testId}>
      <Title order={3} fz="sm" fw={650}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Label and value rows; the labels are the rows' headers. */
function InfoRows({ rows }: { rows: readonly [label: string, value: ReactNode][] }) {
  return (
    <Table layout="fixed" verticalSpacing={6} fz="sm" withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="38%" fw={400} c="dimmed" style={{ verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One owner as the operator sees them: the disabled notice, the subscription with its actions and
 * the beta flag, the profile and referral, numbers, agents, latest purchases (each opens the
 * transaction list at it), the operators' subscription changes, and disabling or enabling.
 */
export function UserDetail({ user, actions }: { user: AdminUserDetail; actions: UserDetailActions }) {
  const disabled = user.state === 'disabled';
  return (
    <Stack gap="lg" data-testid="user-detail">
      {disabled ? (
        <Alert
          variant="light"
          color="red"
          icon={<IconBan size={18} />}
          title={interpolate(T.disabledNotice, { date: formatDateTimeWib(user.disabledAt) })}
          data-testid="user-disabled-notice"
        >
          {user.disabledReason ? interpolate(T.disabledReason, { reason: user.disabledReason }) : null}
        </Alert>
      ) : null}

      <Section title={T.subscriptionHeading} testId="user-subscription">
        <InfoRows
          rows={[
            [T.colState, <UserStateBadge key="state" state={user.state} size="sm" />],
            [T.plan, planLabel(user)],
            [T.expires, formatDateTimeWib(user.subscriptionExpiresAt)],
            [T.trialUsed, user.trialUsed ? T.trialUsedYes : T.trialUsedNo],
          ]}
        />
        <Group>
          <Button
            variant="light"
            leftSection={<IconCalendarEvent size={18} />}
            onClick={actions.onChangeExpiry}
            data-testid="user-change-expiry"
          >
            {T.changeExpiry}
          </Button>
        </Group>
        <Switch
          mt="xs"
          label={T.betaLabel}
          description={T.betaHint}
          checked={user.isBetaUser}
          disabled={actions.betaPending}
          onChange={(event) => actions.onBetaChange(event.currentTarget.checked)}
          data-testid="user-beta"
        />
      </Section>

      <Divider />
      <Section title={T.profileHeading} testId="user-profile">
        <InfoRows
          rows={[
            [T.email, user.email],
            [T.phone, formatPhone(user.phone, T.none)],
            [T.verified, user.isVerified ? T.verifiedYes : T.verifiedNo],
            [T.registered, formatDateJakarta(user.createdAt)],
            [T.lastActivity, user.lastActiveAt ? formatWibTime(user.lastActiveAt) : T.never],
            [T.referralCode, user.referralCode || T.none],
            [T.referredBy, user.referredBy?.name ?? T.none],
          ]}
        />
      </Section>

      <Divider />
      <Section title={interpolate(T.accountsHeading, { count: user.accounts.length })} testId="user-accounts">
        <AccountList accounts={user.accounts} />
      </Section>

      <Divider />
      <Section title={interpolate(T.agentsHeading, { count: user.agentList.length })} testId="user-agents">
        <AgentList agents={user.agentList} />
      </Section>

      <Divider />
      <Section title={T.transactionsHeading} testId="user-transactions">
        <TransactionList transactions={user.transactions} />
      </Section>

      <Divider />
      <Section title={T.adjustmentsHeading} testId="user-adjustments">
        <AdjustmentList adjustments={user.adjustments} />
      </Section>

      <Divider />
      <Section title={T.dangerHeading} testId="user-access">
        <Text size="sm" c="dimmed">
          {disabled ? T.enableHint : T.disableHint}
        </Text>
        <Group>
          {disabled ? (
            <Button
              leftSection={<IconLockOpen size={18} />}
              onClick={actions.onEnable}
              loading={actions.enabling}
              data-testid="user-enable"
            >
              {T.enable}
            </Button>
          ) : (
            <Button
              color="red"
              variant="outline"
              leftSection={<IconBan size={18} />}
              onClick={actions.onDisable}
              data-testid="user-disable"
            >
              {T.disable}
            </Button>
          )}
        </Group>
      </Section>

      <Anchor
        component={Link}
        to={`/admin/audit?targetType=user&targetId=${encodeURIComponent(user._id)}`}
        size="sm"
        data-testid="user-audit-link"
      >
        <Group gap={6} component="span" wrap="nowrap">
          <IconHistory size={16} aria-hidden />
          {T.auditLink}
        </Group>
      </Anchor>
    </Stack>
  );
}
