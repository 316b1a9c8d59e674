import type { ReactNode } from 'react';
import { Badge, Box, Button, Group, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconPencil,
  IconPlus,
  IconSearchOff,
  IconShieldCheck,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type Agent, AGENT_MESSAGES } from '@sapa/contracts';
import { AGENT_TEXT } from './agent-strings';

/**
 * Below this viewport width the five columns (the side menu takes 240 px) no longer fit, and the
 * table becomes cards: one column on phones, a grid on tablets.
 */
const CARDS_QUERY = '(max-width: 74.99em)';

export interface AgentActions {
  onVerify: (agent: Agent) => void;
  onEdit: (agent: Agent) => void;
  onDelete: (agent: Agent) => void;
}

export function AgentStatus({ verified }: { verified: boolean }) {
  return (
    <Badge
      variant="light"
      color={verified ? 'brand' : 'orange'}
      radius="sm"
      tt="none"
      fw={600}
      data-testid="agent-status"
      data-verified={verified}
      style={{ flexShrink: 0 }}
    >
      {verified ? AGENT_MESSAGES['agent.statusVerified'] : AGENT_MESSAGES['agent.statusUnverified']}
    </Badge>
  );
}

function phoneText(phone: string): string {
  return phone ? `+${phone}` : '-';
}

/** Verifikasi (unverified only), Ubah, Hapus; on cards they sit under the details, without icons. */
function RowActions({ agent, actions, card }: { agent: Agent; actions: AgentActions; card?: boolean }) {
  const icon = (node: ReactNode) => (card ? undefined : node);
  return (
    <Group
      gap={card ? 2 : 4}
      wrap="nowrap"
      justify={card ? 'flex-start' : 'flex-end'}
      className="sapa-agent-actions"
    >
      {agent.isVerified ? null : (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={icon(<IconShieldCheck size={15} />)}
          onClick={() => actions.onVerify(agent)}
          aria-label={`${AGENT_TEXT.verify} ${agent.name}`}
        >
          {AGENT_TEXT.verify}
        </Button>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={icon(<IconPencil size={15} />)}
        onClick={() => actions.onEdit(agent)}
        aria-label={`${AGENT_TEXT.edit} ${agent.name}`}
      >
        {AGENT_TEXT.edit}
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={icon(<IconTrash size={15} />)}
        onClick={() => actions.onDelete(agent)}
        aria-label={`${AGENT_TEXT.delete} ${agent.name}`}
      >
        {AGENT_TEXT.delete}
      </Button>
    </Group>
  );
}

function AgentTable({ agents, actions }: { agents: readonly Agent[]; actions: AgentActions }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className="sapa-agent-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{AGENT_TEXT.colName}</Table.Th>
            <Table.Th>{AGENT_TEXT.colEmail}</Table.Th>
            <Table.Th>{AGENT_TEXT.colPhone}</Table.Th>
            <Table.Th>{AGENT_TEXT.colStatus}</Table.Th>
            <Table.Th ta="right">{AGENT_TEXT.colActions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agents.map((agent) => (
            <Table.Tr key={agent._id} data-testid="agent-row" data-agent-id={agent._id}>
              <Table.Td>
                <Text fw={600} size="sm" className="sapa-agent-clip" title={agent.name}>
                  {agent.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className="sapa-agent-clip" title={agent.email}>
                  {agent.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {phoneText(agent.phone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <AgentStatus verified={agent.isVerified} />
              </Table.Td>
              <Table.Td>
                <RowActions agent={agent} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AgentCards({ agents, actions }: { agents: readonly Agent[]; actions: AgentActions }) {
  return (
    <ul className="sapa-agent-cards" aria-label="Daftar agen">
      {agents.map((agent) => (
        <li key={agent._id} className="sapa-agent-card" data-testid="agent-row" data-agent-id={agent._id}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={600} size="sm" lineClamp={2} title={agent.name} style={{ wordBreak: 'break-word' }}>
              {agent.name}
            </Text>
            <AgentStatus verified={agent.isVerified} />
          </Group>
          <Text size="sm" c="dimmed" truncate title={agent.email}>
            {agent.email}
          </Text>
          <Text size="sm" c="dimmed">
            {phoneText(agent.phone)}
          </Text>
          <Box className="sapa-agent-card-actions">
            <RowActions agent={agent} actions={actions} card />
          </Box>
        </li>
      ))}
    </ul>
  );
}

function AgentListSkeleton({ phone }: { phone: boolean }) {
  return (
    <Stack gap={0} data-testid="agent-skeleton" aria-busy="true" aria-label="Memuat agen">
      {Array.from({ length: 6 }, (_, i) => (
        <Group
          key={i}
          gap="md"
          wrap="nowrap"
          px="md"
          py={phone ? 16 : 14}
          className="sapa-agent-skeleton-row"
        >
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width={`${45 - (i % 3) * 8}%`} radius="sm" />
            {phone ? <Skeleton height={10} width={`${70 - (i % 4) * 10}%`} radius="sm" /> : null}
          </Stack>
          {phone ? null : <Skeleton height={12} width="24%" radius="sm" />}
          {phone ? null : <Skeleton height={12} width="14%" radius="sm" />}
          <Skeleton height={20} width={92} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

function EmptyState({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  if (filtered) {
    return (
      <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="agent-not-found">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconSearchOff size={24} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{AGENT_MESSAGES['agent.notFound']}</Text>
        <Text c="dimmed" size="sm" maw={360}>
          {AGENT_TEXT.notFoundBody}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="agent-empty">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconUsersGroup size={28} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600} size="lg">
        {AGENT_MESSAGES['agent.empty']}
      </Text>
      <Text c="dimmed" size="sm" maw={380}>
        {AGENT_TEXT.emptyBody}
      </Text>
      <Button mt="xs" leftSection={<IconPlus size={18} />} onClick={onAdd}>
        {AGENT_TEXT.add}
      </Button>
    </Stack>
  );
}

export interface AgentListProps {
  agents: readonly Agent[] | undefined;
  loading: boolean;
  failed: boolean;
  /** a search or the verified filter is applied: 'not found' rather than 'no agents yet' */
  filtered: boolean;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onAdd: () => void;
  actions: AgentActions;
}

/** The agents: skeleton rows while loading, empty states, a table (cards on phones) and 'Lebih Banyak'. */
export function AgentList({
  agents,
  loading,
  failed,
  filtered,
  hasNextPage,
  loadingMore,
  onLoadMore,
  onRetry,
  onAdd,
  actions,
}: AgentListProps) {
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });

  if (!agents) {
    if (failed && !loading) {
      return (
        <Stack align="center" gap="xs" py={40} px="md" ta="center" data-testid="agent-load-failed">
          <Text c="dimmed" size="sm">
            {AGENT_TEXT.loadFailed}
          </Text>
          <Button variant="default" size="xs" onClick={onRetry}>
            {AGENT_TEXT.retry}
          </Button>
        </Stack>
      );
    }
    return <AgentListSkeleton phone={phone} />;
  }
  if (!agents.length) return <EmptyState filtered={filtered} onAdd={onAdd} />;

  return (
    <>
      {phone ? (
        <AgentCards agents={agents} actions={actions} />
      ) : (
        <AgentTable agents={agents} actions={actions} />
      )}
      {hasNextPage ? (
        <Box p="sm" className="sapa-agent-more">
          <Button
            variant="light"
            fullWidth
            onClick={onLoadMore}
            loading={loadingMore}
            data-testid="agent-load-more"
          >
            {AGENT_TEXT.loadMore}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
