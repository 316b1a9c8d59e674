import { PUBLICATION_MESSAGES } from '@sapa/contracts';
import { OwnerOnly } from '../../components/owner-only';
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCopy,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  formatPhone,
  interpolate,
  RECIPIENT_STATE_LABELS,
  RECIPIENT_STATES,
  t,
  WEB_MESSAGES,
  type Broadcast,
  type RecipientState,
} from '@sapa/contracts';
import { LoadFailed } from '../../components/list-states';
import { SearchInput } from '../../components/search-input';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { usePublicationRealtime } from '../../resources/publication/publication-caches';
import {
  publicationKeys,
  useBroadcast,
  useBroadcastAction,
  useBroadcastRecipients,
  type BroadcastAction,
} from '../../resources/publication/publication-queries';
import { useQueryClient } from '@tanstack/react-query';
import { MessageBubble } from './broadcast-summary';
import { formatCount, formatWib } from './publication-format';
import { BroadcastProgress, countItems, StateBadge } from './publication-parts';
import { PUB_TEXT } from './publication-strings';
import './publication.css';
import { PrevNextPager } from '../../components/prev-next-pager';

/** How often at most the recipient table is read again while counts change (realtime frames). */
const RECIPIENT_REFRESH_MS = 3000;

const ACTION_DONE: Record<BroadcastAction, string> = {
  pause: 'Broadcast dijeda',
  resume: 'Broadcast dilanjutkan',
  stop: 'Broadcast dihentikan',
};

function StatCards({ broadcast }: { broadcast: Broadcast }) {
  const items = [
    { key: 'total', label: PUB_TEXT.countTotal, value: broadcast.counts.total },
    ...countItems(broadcast.counts),
  ];
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper
          key={item.key}
          withBorder
          radius="md"
          p="sm"
          className="sapa-pub-stat"
          data-testid={`stat-${item.key}`}
        >
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} fz="xl">
            {formatCount(item.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function RecipientTable({ broadcastId, refreshKey }: { broadcastId: string; refreshKey: number }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<RecipientState | undefined>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useBroadcastRecipients(broadcastId, { page, state, search: debounced });
  const { refetch } = query;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [refreshKey, refetch]);

  const data = query.data;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Title order={2} fz="h5" mb="sm">
        {PUB_TEXT.recipientsHeading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="sm" style={{ alignItems: 'end' }}>
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          searching={query.isFetching && !!data}
          label={PUB_TEXT.recipientSearchLabel}
          placeholder={PUB_TEXT.recipientSearchPlaceholder}
          clearLabel="Hapus pencarian"
          testId="recipient-search"
        />
        <Select
          size="md"
          label={PUB_TEXT.recipientState}
          placeholder={PUB_TEXT.recipientAllStates}
          data={RECIPIENT_STATES.map((s) => ({ value: s, label: RECIPIENT_STATE_LABELS[s] }))}
          value={state ?? null}
          onChange={(value) => {
            setState((value as RecipientState | null) ?? undefined);
            setPage(1);
          }}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="recipient-filter-state"
        />
      </SimpleGrid>
      {!data ? (
        query.isError ? (
          <LoadFailed
            text={PUB_TEXT.recipientsLoadFailed}
            onRetry={() => void refetch()}
            testId="recipient-failed"
          />
        ) : (
          <Stack gap={6} aria-busy="true" data-testid="recipient-skeleton">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={28} radius="sm" />
            ))}
          </Stack>
        )
      ) : !data.docs.length ? (
        <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="recipient-empty">
          {PUB_TEXT.recipientEmpty}
        </Text>
      ) : (
        <div className="sapa-pub-table-wrap">
          <Table
            className="sapa-pub-table"
            verticalSpacing="xs"
            striped
            highlightOnHover
            data-testid="recipient-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{PUB_TEXT.recipientName}</Table.Th>
                <Table.Th>{PUB_TEXT.recipientNumber}</Table.Th>
                <Table.Th>{PUB_TEXT.recipientState}</Table.Th>
                <Table.Th>{PUB_TEXT.recipientReason}</Table.Th>
                <Table.Th>{PUB_TEXT.recipientSentAt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((r) => (
                <Table.Tr key={r._id} data-testid="recipient-row">
                  <Table.Td data-label={PUB_TEXT.recipientName}>{r.name || '-'}</Table.Td>
                  <Table.Td data-label={PUB_TEXT.recipientNumber} style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(r.phoneNumber, '-')}
                  </Table.Td>
                  <Table.Td data-label={PUB_TEXT.recipientState} data-testid="recipient-state">
                    {RECIPIENT_STATE_LABELS[r.state]}
                  </Table.Td>
                  <Table.Td data-label={PUB_TEXT.recipientReason}>{r.reason ?? '-'}</Table.Td>
                  <Table.Td data-label={PUB_TEXT.recipientSentAt}>
                    {r.sentAt ? formatWib(r.sentAt) : '-'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {data ? (
        <PrevNextPager
          page={page}
          hasNextPage={data.hasNextPage}
          busy={query.isFetching}
          onPage={setPage}
          testId="recipient"
          mt="md"
        />
      ) : null}
    </Paper>
  );
}

/**
 * /user/publication/broadcast/:id: the broadcast live (realtime), its message, progress and counts,
 * Jeda / Lanjutkan / Hentikan (after confirming) / Duplikat, and each recipient's state.
 */
/** BroadcastDetail for the owner; an agent reads that publications are the owner's (the API answers 403). */
export function BroadcastDetailPage() {
  return (
    <OwnerOnly title={PUBLICATION_MESSAGES.ownerOnly} hint={PUB_TEXT.ownerOnlyHint}>
      <BroadcastDetailPageContent />
    </OwnerOnly>
  );
}

function BroadcastDetailPageContent() {
  const { id = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useBroadcast(id);
  const action = useBroadcastAction();
  const [confirmStop, setConfirmStop] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const lastRefresh = useRef(0);
  const pendingRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);

  // a frame of this broadcast reads the recipient table again, at most every few seconds
  usePublicationRealtime((broadcast) => {
    if (broadcast._id !== id || pendingRefresh.current) return;
    const wait = Math.max(0, lastRefresh.current + RECIPIENT_REFRESH_MS - Date.now());
    pendingRefresh.current = setTimeout(() => {
      pendingRefresh.current = null;
      lastRefresh.current = Date.now();
      setRefreshKey((k) => k + 1);
    }, wait);
  });
  useEffect(
    () => () => {
      if (pendingRefresh.current) clearTimeout(pendingRefresh.current);
    },
    [],
  );

  const run = (kind: BroadcastAction) =>
    action.mutate(
      { id, action: kind },
      {
        onSuccess: () => {
          setConfirmStop(false);
          toast.show({ title: t('common.success'), message: ACTION_DONE[kind], type: 'success' });
        },
        onError: (failure) => {
          setConfirmStop(false);
          toast.show({
            title: t('common.failed'),
            message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
            type: 'error',
          });
          void queryClient.invalidateQueries({ queryKey: publicationKeys.broadcast(id) });
        },
      },
    );

  const back = (
    <Anchor component={Link} to="/user/publication/broadcast" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {PUB_TEXT.back}
      </Group>
    </Anchor>
  );

  if (!query.data) {
    return (
      <Box maw={1100} mx="auto">
        {back}
        {query.isError ? (
          <Paper withBorder radius="md" p="lg" mt="md">
            <Text data-testid="broadcast-missing">
              {errorMessage(query.error, PUB_TEXT.broadcastMissing)}
            </Text>
          </Paper>
        ) : (
          <Stack gap="md" mt="md" aria-busy="true" data-testid="broadcast-detail-loading">
            <Skeleton height={40} width="60%" />
            <Skeleton height={140} radius="md" />
            <Skeleton height={240} radius="md" />
          </Stack>
        )}
      </Box>
    );
  }

  const broadcast = query.data;
  const busy = action.isPending;
  const unsent = broadcast.counts.pending;

  return (
    <Box maw={1100} mx="auto">
      {back}
      <Group justify="space-between" align="flex-start" mt="sm" mb="md" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Group gap="sm" wrap="wrap">
            <Title
              order={1}
              fz={{ base: 'h3', sm: 'h2' }}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="broadcast-title"
            >
              {broadcast.name}
            </Title>
            <StateBadge state={broadcast.state} testId="broadcast-state" />
          </Group>
          <Text size="sm" c="dimmed">
            {PUB_TEXT.senders}:{' '}
            {broadcast.senders.map((s) => `${s.name} (${formatPhone(s.phoneNumber)})`).join(', ')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="broadcast-times">
            {PUB_TEXT.createdAt} {formatWib(broadcast.createdAt)}
            {broadcast.scheduledAt ? ` · ${PUB_TEXT.scheduledAt} ${formatWib(broadcast.scheduledAt)}` : ''}
            {broadcast.startedAt ? ` · ${PUB_TEXT.startedAt} ${formatWib(broadcast.startedAt)}` : ''}
            {broadcast.finishedAt ? ` · ${PUB_TEXT.finishedAt} ${formatWib(broadcast.finishedAt)}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {broadcast.state === 'running' ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => run('pause')}
              loading={busy && action.variables?.action === 'pause'}
              disabled={busy}
              data-testid="broadcast-pause"
            >
              {PUB_TEXT.pause}
            </Button>
          ) : null}
          {broadcast.state === 'paused' ? (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => run('resume')}
              loading={busy && action.variables?.action === 'resume'}
              disabled={busy}
              data-testid="broadcast-resume"
            >
              {PUB_TEXT.resume}
            </Button>
          ) : null}
          {broadcast.state !== 'finish' ? (
            <Button
              variant="outline"
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              onClick={() => setConfirmStop(true)}
              disabled={busy}
              data-testid="broadcast-stop"
            >
              {PUB_TEXT.stop}
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() =>
              void navigate(`/user/publication/broadcast/form?from=${encodeURIComponent(broadcast._id)}`)
            }
            data-testid="broadcast-duplicate"
          >
            {PUB_TEXT.duplicate}
          </Button>
        </Group>
      </Group>

      <Stack gap="md">
        {broadcast.state === 'paused' && broadcast.pausedReason ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={PUB_TEXT.pausedByServer}
            data-testid="broadcast-paused-reason"
            styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
          >
            {broadcast.pausedReason}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <BroadcastProgress counts={broadcast.counts} name={broadcast.name} size="lg" />
          <Box mt="md">
            <StatCards broadcast={broadcast} />
          </Box>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
          <Title order={2} fz="h5" mb="sm">
            {PUB_TEXT.message}
          </Title>
          <MessageBubble message={broadcast.message} testId="broadcast-message" />
        </Paper>
        <RecipientTable broadcastId={broadcast._id} refreshKey={refreshKey} />
      </Stack>

      <Modal
        opened={confirmStop}
        onClose={() => {
          if (!busy) setConfirmStop(false);
        }}
        title={PUB_TEXT.stopTitle}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': 'Tutup' }}
        styles={{ title: { fontWeight: 650 } }}
      >
        <Stack gap="lg" data-testid="broadcast-stop-confirm">
          <Text size="sm">{interpolate(PUB_TEXT.stopBody, { count: formatCount(unsent) })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmStop(false)} disabled={busy} data-autofocus>
              {PUB_TEXT.cancel}
            </Button>
            <Button
              color="red"
              onClick={() => run('stop')}
              loading={busy}
              data-testid="broadcast-stop-submit"
            >
              {PUB_TEXT.stopConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
