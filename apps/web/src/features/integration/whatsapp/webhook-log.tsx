import { useId, useState } from 'react';
import {
  ActionIcon,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconRefresh, IconWebhook } from '@tabler/icons-react';
import { WEB_MESSAGES, WEBHOOK_MESSAGES, t, type WebhookDeliveryStatus } from '@sapa/contracts';
import { EmptyState, LoadFailed } from '../../../components/list-states';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useReplayDelivery, useWebhookDeliveries } from '../../../resources/webhook/webhook-queries';
import { DeliveryRow } from './webhook-delivery-row';
import { DELIVERY_STATUS, WEBHOOK_TEXT as T } from './webhook-strings';
import { PrevNextPager } from '../../../components/prev-next-pager';

/** How often the open log is read again, so retries show as they happen. */
const POLL_MS = 5000;

type Filter = WebhookDeliveryStatus | 'all';

const FILTERS = [
  { value: 'all', label: T.filterAll },
  ...(['delivered', 'pending', 'failed'] as const satisfies readonly WebhookDeliveryStatus[]).map((s) => ({
    value: s,
    label: DELIVERY_STATUS[s].label,
  })),
];

function LogSkeleton() {
  return (
    <Stack gap={8} aria-busy="true" aria-label={T.logLoading} data-testid="webhook-log-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={32} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * 'Log pengiriman': the number's events newest first, by status, a page at a time, read again every
 * few seconds while the panel is open; each row shows its body on demand and can be sent again.
 */
export function WebhookLog({ accountId }: { accountId: string }) {
  const toast = useToast();
  const headingId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [refreshing, setRefreshing] = useState(false);
  const status = filter === 'all' ? undefined : filter;
  const query = useWebhookDeliveries(accountId, { page, status }, POLL_MS);
  const replay = useReplayDelivery();
  const data = query.data;

  const refresh = () => {
    setRefreshing(true);
    void query.refetch().finally(() => setRefreshing(false));
  };
  const replayRow = (deliveryId: string) =>
    replay.mutate(
      { accountId, deliveryId },
      {
        onSuccess: () =>
          toast.show({ title: t('common.success'), message: WEBHOOK_MESSAGES.replayed, type: 'success' }),
        onError: (error) =>
          toast.show({
            title: t('common.failed'),
            message: errorMessage(error, WEB_MESSAGES.unexpectedError),
            type: 'error',
          }),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="webhook-log">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={3} fz="md" id={headingId}>
            {T.logHeading}
          </Title>
          <Text size="xs" c="dimmed">
            {T.autoRefresh}
          </Text>
        </div>
        <Tooltip label={T.refresh}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={refresh}
            loading={refreshing}
            aria-label={T.refresh}
            data-testid="webhook-refresh"
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <SegmentedControl
        fullWidth
        size="xs"
        data={FILTERS}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        aria-label={T.filterLabel}
        data-testid="webhook-filter"
      />
      {!data ? (
        query.isError ? (
          <LoadFailed text={T.logFailed} onRetry={refresh} testId="webhook-log-failed" />
        ) : (
          <LogSkeleton />
        )
      ) : !data.docs.length ? (
        status ? (
          <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="webhook-log-empty">
            {T.emptyFiltered}
          </Text>
        ) : (
          <EmptyState icon={IconWebhook} title={T.emptyTitle} hint={T.emptyHint} testId="webhook-log-empty" />
        )
      ) : (
        <Table.ScrollContainer minWidth={680} type="native">
          <Table verticalSpacing="xs" highlightOnHover aria-label={T.logLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>{T.bodyLabel}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{T.colTime}</Table.Th>
                <Table.Th>{T.colType}</Table.Th>
                <Table.Th>{T.colStatus}</Table.Th>
                <Table.Th ta="center">{T.colAttempts}</Table.Th>
                <Table.Th>{T.colCode}</Table.Th>
                <Table.Th>{T.colAction}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((delivery) => (
                <DeliveryRow
                  key={delivery._id}
                  delivery={delivery}
                  replaying={replay.isPending && replay.variables?.deliveryId === delivery._id}
                  onReplay={() => replayRow(delivery._id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data ? (
        <PrevNextPager
          page={page}
          hasNextPage={data.hasNextPage}
          busy={query.isPlaceholderData}
          onPage={setPage}
          testId="webhook"
        />
      ) : null}
    </Stack>
  );
}
