import { Anchor, Badge, Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { interpolate, publicationStateLabel } from '@sapa/contracts';
import { ApiError } from '../../lib/api-error';
import { exportBroadcastReport, useBroadcastReport } from '../../resources/report/report-queries';
import { ReportDayChart } from './report-day-chart';
import { FailureReasons, FigureCards } from './report-figures';
import { formatWibDateTime } from './report-format';
import { ExportButton, ReportFailed, ReportSkeleton } from './report-parts';
import { ReportRecipientTable } from './report-recipient-table';
import { REPORT_TEXT as T } from './report-strings';
import './report.css';

/**
 * /user/report/broadcast/:id (issue 24): one broadcast's figures with their rates, a chart of its
 * sends and reads by day, the failure reasons and every recipient (by state, paged); 'Ekspor .xlsx'
 * downloads every recipient row.
 */
export function BroadcastReportDetailPage() {
  const { id = '' } = useParams();
  const query = useBroadcastReport(id);
  const report = query.data;

  const back = (
    <Anchor component={Link} to="/user/report/broadcast" size="sm" data-testid="report-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {T.back}
      </Group>
    </Anchor>
  );

  if (!report) {
    return (
      <Box maw={1200} mx="auto">
        {back}
        <Box mt="md">
          {query.isError ? (
            query.error instanceof ApiError && query.error.status === 404 ? (
              <Text data-testid="report-missing">{T.broadcastMissing}</Text>
            ) : (
              <ReportFailed error={query.error} onRetry={() => void query.refetch()} />
            )
          ) : (
            <ReportSkeleton />
          )}
        </Box>
      </Box>
    );
  }

  const { broadcast } = report;
  return (
    <Box maw={1200} mx="auto">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm" mt="sm" mb="md">
        <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title
              order={1}
              fz={{ base: 'h3', sm: 'h2' }}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="report-title"
            >
              {broadcast.name}
            </Title>
            <Badge variant="light" color="gray" c="dark.7" radius="sm" data-testid="report-state">
              {publicationStateLabel(broadcast.state)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" data-testid="report-times">
            {broadcast.startedAt
              ? interpolate(T.startedAt, { time: `${formatWibDateTime(broadcast.startedAt)} WIB` })
              : interpolate(T.createdAt, { time: `${formatWibDateTime(broadcast.createdAt)} WIB` })}
          </Text>
        </Stack>
        <ExportButton run={() => exportBroadcastReport(broadcast)} />
      </Group>
      <Stack gap="md">
        <FigureCards figures={report} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Box className="sapa-report-wide">
            <ReportDayChart
              days={report.days}
              fields={['sent', 'read']}
              kind="bar"
              title={T.chartBroadcast}
              hint={T.chartBroadcastHint}
            />
          </Box>
          <FailureReasons reasons={report.failureReasons} />
        </SimpleGrid>
        <ReportRecipientTable broadcastId={broadcast._id} />
      </Stack>
    </Box>
  );
}
