import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  ACCOUNT_TYPES,
  formatPhone,
  formatRupiah,
  interpolate,
  WHATSAPP_MESSAGES,
  type AccountType,
  type AdminUserDetail,
} from '@sapa/contracts';
import { ChannelIcon } from '../../components/channel-icon';
import { formatWibTime } from '../../lib/wib-time';
import { planOf, transactionCode, TxStatusBadge } from './tx-parts';
import { formatDateTimeWib } from './user-format';
import { USER_TEXT as T } from './user-strings';

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

const isChannel = (type: string): type is AccountType => ACCOUNT_TYPES.includes(type as AccountType);
const accountStatus = (status: string) =>
  WHATSAPP_MESSAGES[`status.${status}` as keyof typeof WHATSAPP_MESSAGES] ?? status;

/** The owner's numbers: channel, name, number and whether connected. */
export function AccountList({ accounts }: { accounts: AdminUserDetail['accounts'] }) {
  return accounts.length ? (
    <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {accounts.map((account) => (
        <Group key={account._id} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={8} wrap="nowrap" miw={0}>
            {isChannel(account.type) ? <ChannelIcon type={account.type} size={18} /> : null}
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate>
                {account.labelName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatPhone(account.phoneNumber, T.none)}
              </Text>
            </Stack>
          </Group>
          <Badge
            variant="light"
            color={account.status === 'connected' ? 'green' : 'orange'}
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {accountStatus(account.status)}
          </Badge>
        </Group>
      ))}
    </Stack>
  ) : (
    <Empty text={T.accountsEmpty} />
  );
}

/** The owner's agents: name and email. */
export function AgentList({ agents }: { agents: AdminUserDetail['agentList'] }) {
  return agents.length ? (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {agents.map((agent) => (
        <li key={agent._id}>
          <Text size="sm" fw={600}>
            {agent.name}
          </Text>
          <Text size="xs" c="dimmed">
            {agent.email}
          </Text>
        </li>
      ))}
    </Stack>
  ) : (
    <Empty text={T.agentsEmpty} />
  );
}

/** The latest purchases; each opens the operator's transaction list searched by its reference. */
export function TransactionList({ transactions }: { transactions: AdminUserDetail['transactions'] }) {
  return transactions.length ? (
    <Stack gap={10} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {transactions.map((tx) => (
        <Group key={tx._id} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={`/admin/transaction?q=${encodeURIComponent(tx.reference)}`}
              size="sm"
              fw={600}
              aria-label={interpolate(T.openTransaction, { code: transactionCode(tx) })}
              data-testid="user-transaction-link"
            >
              {transactionCode(tx)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {planOf(tx)} · {formatWibTime(tx.createdAt)}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <TxStatusBadge status={tx.status} size="sm" />
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatRupiah(tx.total)}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  ) : (
    <Empty text={T.transactionsEmpty} />
  );
}

/** The operators' changes of the subscription's end, each with its reason. */
export function AdjustmentList({ adjustments }: { adjustments: AdminUserDetail['adjustments'] }) {
  return adjustments.length ? (
    <Stack gap={10} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {adjustments.map((a) => (
        <li key={`${a.createdAt}-${a.expiresAt}`} data-testid="user-adjustment">
          <Text size="sm" fw={600}>
            {interpolate(T.adjustmentChange, {
              from: formatDateTimeWib(a.previousExpiresAt),
              to: formatDateTimeWib(a.expiresAt),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {formatWibTime(a.createdAt)} · {a.reason}
          </Text>
        </li>
      ))}
    </Stack>
  ) : (
    <Empty text={T.adjustmentsEmpty} />
  );
}
