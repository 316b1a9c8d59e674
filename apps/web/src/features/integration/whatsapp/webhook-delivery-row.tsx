import { useId, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconReload } from '@tabler/icons-react';
import { interpolate, type WebhookDelivery } from '@sapa/contracts';
import { formatWibTime } from '../../../lib/wib-time';
import { DELIVERY_STATUS, WEBHOOK_TEXT as T } from './webhook-strings';

/** The log table's columns: the body's toggle, then the six the table heads. */
const DELIVERY_COLUMNS = 7;

/** The event's body as POSTed, indented for reading (as stored when it is not JSON). */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function StatusCell({ delivery }: { delivery: WebhookDelivery }) {
  const status = DELIVERY_STATUS[delivery.status];
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={status.color} variant="light" radius="sm" tt="none" data-testid="webhook-status">
        {status.label}
      </Badge>
      {delivery.status === 'pending' && delivery.nextAttemptAt ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="webhook-next-attempt">
          {interpolate(T.nextAttempt, { time: formatWibTime(delivery.nextAttemptAt) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function BodyRow({ delivery, id }: { delivery: WebhookDelivery; id: string }) {
  const body = prettyBody(delivery.body);
  return (
    <Table.Tr id={id} data-testid="webhook-body">
      <Table.Td colSpan={DELIVERY_COLUMNS} bg="var(--mantine-color-gray-0)">
        <Group justify="space-between" mb={6}>
          <Text size="xs" fw={600} c="dimmed">
            {T.bodyLabel} · {delivery._id}
          </Text>
          <CopyButton value={delivery.body}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy}>
                {copied ? T.copied : T.copyBody}
              </Button>
            )}
          </CopyButton>
        </Group>
        {/* wrapped, so a long line does not widen the table */}
        <Code block mah={320} style={{ overflowY: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {body}
        </Code>
      </Table.Td>
    </Table.Tr>
  );
}

/** One event of the log: its row, and under it its JSON body while opened. */
export function DeliveryRow({
  delivery,
  replaying,
  onReplay,
}: {
  delivery: WebhookDelivery;
  replaying: boolean;
  onReplay: () => void;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const label = interpolate(open ? T.hideBody : T.showBody, { type: delivery.type });
  return (
    <>
      <Table.Tr data-testid="webhook-row" data-id={delivery._id} data-status={delivery.status}>
        <Table.Td w={36} pr={0}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            aria-label={label}
            data-testid="webhook-expand"
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWibTime(delivery.createdAt)}</Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {delivery.type}
          </Text>
        </Table.Td>
        <Table.Td>
          <StatusCell delivery={delivery} />
        </Table.Td>
        <Table.Td ta="center" data-testid="webhook-attempts">
          {delivery.attempts}
        </Table.Td>
        <Table.Td maw={220}>
          <Text size="sm" data-testid="webhook-code">
            {delivery.lastStatusCode ?? '-'}
          </Text>
          {delivery.lastError ? (
            <Tooltip label={delivery.lastError} multiline w={280} withinPortal>
              <Text size="xs" c="red.8" lineClamp={2} data-testid="webhook-error">
                {delivery.lastError}
              </Text>
            </Tooltip>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconReload size={14} />}
            loading={replaying}
            onClick={onReplay}
            data-testid="webhook-replay"
          >
            {T.replay}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? <BodyRow delivery={delivery} id={bodyId} /> : null}
    </>
  );
}
