import { useState } from 'react';
import { Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatPhone, RECIPIENT_STATE_LABELS, RECIPIENT_STATES, type RecipientState } from '@sapa/contracts';
import { LoadFailed } from '../../components/list-states';
import { useBroadcastReportRecipients } from '../../resources/report/report-queries';
import { formatWibDateTime } from './report-format';
import { REPORT_TEXT as T } from './report-strings';
import './report.css';
import { PrevNextPager } from '../../components/prev-next-pager';

/** One broadcast's recipients: name, number, state, sent / read / replied times (WIB) and reason; by state, paged. */
export function ReportRecipientTable({ broadcastId }: { broadcastId: string }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<RecipientState | undefined>();
  const query = useBroadcastReportRecipients(broadcastId, { page, state });
  const data = query.data;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
        <Title order={2} fz="md" fw={650}>
          {T.recipientsHeading}
        </Title>
        <Select
          label={T.recipientState}
          placeholder={T.recipientAllStates}
          data={RECIPIENT_STATES.map((s) => ({ value: s, label: RECIPIENT_STATE_LABELS[s] }))}
          value={state ?? null}
          onChange={(value) => {
            setState((value as RecipientState | null) ?? undefined);
            setPage(1);
          }}
          clearable
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 220 }}
          data-testid="recipient-filter-state"
        />
      </Group>
      {!data ? (
        query.isError ? (
          <LoadFailed
            text={T.recipientsLoadFailed}
            onRetry={() => void query.refetch()}
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
          {T.recipientEmpty}
        </Text>
      ) : (
        <div className="sapa-report-table-wrap">
          <Table className="sapa-report-table" verticalSpacing="xs" striped data-testid="recipient-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.recipientName}</Table.Th>
                <Table.Th>{T.recipientNumber}</Table.Th>
                <Table.Th>{T.recipientState}</Table.Th>
                <Table.Th>{T.recipientSentAt}</Table.Th>
                <Table.Th>{T.recipientReadAt}</Table.Th>
                <Table.Th>{T.recipientRepliedAt}</Table.Th>
                <Table.Th>{T.recipientReason}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((r) => (
                <Table.Tr key={r._id} data-testid="recipient-row">
                  <Table.Td data-label={T.recipientName}>{r.name || '-'}</Table.Td>
                  <Table.Td data-label={T.recipientNumber} style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(r.phoneNumber, '-')}
                  </Table.Td>
                  <Table.Td data-label={T.recipientState} data-testid="recipient-state">
                    {RECIPIENT_STATE_LABELS[r.state]}
                  </Table.Td>
                  <Table.Td
                    data-label={T.recipientSentAt}
                    data-testid="recipient-sent"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatWibDateTime(r.sentAt)}
                  </Table.Td>
                  <Table.Td
                    data-label={T.recipientReadAt}
                    data-testid="recipient-read"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatWibDateTime(r.readAt)}
                  </Table.Td>
                  <Table.Td
                    data-label={T.recipientRepliedAt}
                    data-testid="recipient-replied"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatWibDateTime(r.repliedAt)}
                  </Table.Td>
                  <Table.Td data-label={T.recipientReason} style={{ overflowWrap: 'anywhere' }}>
                    {r.reason ?? '-'}
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
