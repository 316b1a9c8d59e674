import { Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartDots } from '@tabler/icons-react';
import { interpolate, PUBLICATION_MESSAGES as PM, type ReportStatusRow } from '@sapa/contracts';
import { EmptyState } from '../../components/list-states';
import { exportStatusPeriod, useStatusPeriodReport } from '../../resources/report/report-queries';
import { excerpt, formatCount, formatPeriod, formatWibDateTime } from './report-format';
import { ExportButton, FigureCard, PeriodPicker, ReportFailed, ReportSkeleton } from './report-parts';
import { REPORT_TEXT as T } from './report-strings';
import { useReportPeriod } from './use-report-period';
import './report.css';

const TYPE_LABELS: Record<ReportStatusRow['type'], string> = {
  text: T.typeText,
  image: T.typeImage,
  video: T.typeVideo,
};

/** A run's state as the status list says it: 'Terkirim', 'Gagal', 'Dijadwalkan'. */
const STATE_LABELS: Record<ReportStatusRow['state'], { label: string; color: string }> = {
  sent: { label: PM.statusPosted, color: 'teal' },
  failed: { label: PM.statusFailed, color: 'red' },
  pending: { label: PM.statusWaiting, color: 'gray' },
};

function RunTable({ runs }: { runs: readonly ReportStatusRow[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Title order={2} fz="md" fw={650} mb="sm">
        {T.runsHeading}
      </Title>
      <div className="sapa-report-table-wrap">
        <Table className="sapa-report-table" verticalSpacing="xs" striped data-testid="report-runs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.colTime}</Table.Th>
              <Table.Th>{T.colNumber}</Table.Th>
              <Table.Th>{T.colType}</Table.Th>
              <Table.Th>{T.colText}</Table.Th>
              <Table.Th ta="right">{T.colAudience}</Table.Th>
              <Table.Th>{T.colState}</Table.Th>
              <Table.Th>{T.colReason}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run._id} data-testid="report-run-row">
                <Table.Td data-label={T.colTime} style={{ whiteSpace: 'nowrap' }} data-testid="run-time">
                  {formatWibDateTime(run.at)}
                </Table.Td>
                <Table.Td data-label={T.colNumber}>{run.accountLabel}</Table.Td>
                <Table.Td data-label={T.colType}>{TYPE_LABELS[run.type]}</Table.Td>
                <Table.Td data-label={T.colText} title={run.text} style={{ overflowWrap: 'anywhere' }}>
                  {run.text ? excerpt(run.text) : '-'}
                </Table.Td>
                <Table.Td data-label={T.colAudience} ta="right" data-testid="run-audience">
                  {formatCount(run.audience)}
                </Table.Td>
                <Table.Td data-label={T.colState}>
                  <Badge
                    variant="light"
                    color={STATE_LABELS[run.state].color}
                    c="dark.7"
                    radius="sm"
                    data-testid="run-state"
                  >
                    {STATE_LABELS[run.state].label}
                  </Badge>
                </Table.Td>
                <Table.Td data-label={T.colReason} style={{ overflowWrap: 'anywhere' }}>
                  {run.reason ?? '-'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}

/**
 * /user/report/status (issue 24): for a month and year in the address, the period's status posts
 * (one row per run) and their totals; 'Ekspor .xlsx' downloads every run.
 */
export function StatusReportPage() {
  const { period, years, setPeriod } = useReportPeriod();
  const query = useStatusPeriodReport(period);
  const report = query.data;

  let body;
  if (query.isError && !query.isPlaceholderData) {
    body = <ReportFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!report) {
    body = <ReportSkeleton cards={4} />;
  } else if (!report.runs.length) {
    body = (
      <Paper withBorder radius="md">
        <EmptyState
          icon={IconChartDots}
          title={interpolate(T.statusEmpty, { period: formatPeriod(period) })}
          hint={T.statusEmptyHint}
          testId="report-empty"
        />
      </Paper>
    );
  } else {
    const { totals } = report;
    body = (
      <Stack
        gap="md"
        aria-busy={query.isPlaceholderData}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="report-totals">
          <FigureCard label={T.totalPosts} value={formatCount(totals.posts)} testId="total-posts" />
          <FigureCard label={T.totalSent} value={formatCount(totals.sent)} testId="total-sent" />
          <FigureCard label={T.totalFailed} value={formatCount(totals.failed)} testId="total-failed" />
          <FigureCard label={T.totalAudience} value={formatCount(totals.audience)} testId="total-audience" />
        </SimpleGrid>
        <RunTable runs={report.runs} />
      </Stack>
    );
  }

  return (
    <Box maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Title order={2} fz="h4">
            {T.statusHeading}
          </Title>
          <Text size="sm" c="dimmed">
            {T.statusDescription}
          </Text>
        </Stack>
        <PeriodPicker period={period} years={years} onChange={setPeriod} />
        <ExportButton run={() => exportStatusPeriod(period)} />
      </Group>
      {body}
    </Box>
  );
}
