import { Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { interpolate, publicationStateLabel, type ReportBroadcastRow } from '@sapa/contracts';
import { EmptyState } from '../../components/list-states';
import { exportBroadcastPeriod, useBroadcastPeriodReport } from '../../resources/report/report-queries';
import { ReportDayChart } from './report-day-chart';
import { FailureReasons, FigureCards } from './report-figures';
import { formatCount, formatPeriod } from './report-format';
import { ExportButton, PeriodPicker, ReportFailed, ReportSkeleton } from './report-parts';
import { REPORT_TEXT as T } from './report-strings';
import { useReportPeriod } from './use-report-period';
import './report.css';

const COUNT_COLUMNS = [
  { key: 'sent', label: T.figureSent },
  { key: 'delivered', label: T.figureDelivered },
  { key: 'read', label: T.figureRead },
  { key: 'replied', label: T.figureReplied },
  { key: 'failed', label: T.figureFailed },
] as const;

/** The period's broadcasts, each opening its own report. */
function BroadcastTable({ rows }: { rows: readonly ReportBroadcastRow[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Title order={2} fz="md" fw={650} mb="sm">
        {T.broadcastsHeading}
      </Title>
      <div className="sapa-report-table-wrap">
        <Table
          className="sapa-report-table"
          verticalSpacing="xs"
          striped
          highlightOnHover
          data-testid="report-broadcasts"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.colName}</Table.Th>
              <Table.Th>{T.colState}</Table.Th>
              {COUNT_COLUMNS.map((c) => (
                <Table.Th key={c.key} ta="right">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row._id} data-testid="report-broadcast-row">
                <Table.Td data-label={T.colName}>
                  <Anchor
                    component={Link}
                    to={`/user/report/broadcast/${encodeURIComponent(row._id)}`}
                    className="sapa-report-link"
                    size="sm"
                  >
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label={T.colState}>
                  <Badge
                    variant="light"
                    color="gray"
                    c="dark.7"
                    radius="sm"
                    data-testid="report-broadcast-state"
                  >
                    {publicationStateLabel(row.state)}
                  </Badge>
                </Table.Td>
                {COUNT_COLUMNS.map((c) => (
                  <Table.Td key={c.key} data-label={c.label} ta="right" data-testid={`row-${c.key}`}>
                    {formatCount(row.counts[c.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}

/**
 * /user/report/broadcast (issue 24): for a month and year in the address, the period's figures with
 * their rates, failures by reason, a chart over the month's days (with its table) and the period's
 * broadcasts; 'Ekspor .xlsx' downloads every recipient row of the period.
 */
export function BroadcastReportPage() {
  const { period, years, setPeriod } = useReportPeriod();
  const query = useBroadcastPeriodReport(period);
  const report = query.data;
  const label = formatPeriod(period);

  let body;
  if (query.isError && !query.isPlaceholderData) {
    body = <ReportFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!report) {
    body = <ReportSkeleton />;
  } else if (!report.broadcasts.length && !report.counts.total) {
    body = (
      <Paper withBorder radius="md">
        <EmptyState
          icon={IconChartBar}
          title={interpolate(T.broadcastEmpty, { period: label })}
          hint={T.broadcastEmptyHint}
          testId="report-empty"
        />
      </Paper>
    );
  } else {
    body = (
      <Stack
        gap="md"
        aria-busy={query.isPlaceholderData}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        <FigureCards figures={report} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Box className="sapa-report-wide">
            <ReportDayChart
              days={report.days}
              fields={['sent', 'read', 'replied']}
              kind="line"
              title={T.chartPeriod}
              hint={T.chartPeriodHint}
            />
          </Box>
          <FailureReasons reasons={report.failureReasons} />
        </SimpleGrid>
        <BroadcastTable rows={report.broadcasts} />
      </Stack>
    );
  }

  return (
    <Box maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Title order={2} fz="h4">
            {T.broadcastHeading}
          </Title>
          <Text size="sm" c="dimmed">
            {T.broadcastDescription}
          </Text>
        </Stack>
        <PeriodPicker period={period} years={years} onChange={setPeriod} />
        <ExportButton run={() => exportBroadcastPeriod(period)} />
      </Group>
      {body}
    </Box>
  );
}
