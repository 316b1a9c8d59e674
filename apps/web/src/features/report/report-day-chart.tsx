import '@mantine/charts/styles.css';
import { useId, useState } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import { interpolate, type ReportDay } from '@sapa/contracts';
import { formatCount, formatDayLong, formatDayShort } from './report-format';
import { REPORT_TEXT as T } from './report-strings';

const CHART_HEIGHT = 240;

type DayField = 'sent' | 'read' | 'replied';

const SERIES: Record<DayField, { label: string; color: string }> = {
  sent: { label: T.figureSent, color: 'blue.7' },
  read: { label: T.figureRead, color: 'teal.7' },
  replied: { label: T.figureReplied, color: 'grape.7' },
};

/**
 * Days of a report as a chart, with every figure as a table to show on demand: the accessible
 * alternative (the chart is one image to assistive technology, named by its summary) and the exact
 * numbers at any width. Only the report routes import this module, so the chart library stays out of
 * the login and inbox bundles (issue 24 part 3).
 */
export function ReportDayChart({
  days,
  fields,
  kind,
  title,
  hint,
}: {
  days: readonly ReportDay[];
  fields: readonly DayField[];
  /** lines for a month (many days), bars for a broadcast's few days */
  kind: 'line' | 'bar';
  title: string;
  hint: string;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const data = days.map((d) => ({
    label: formatDayShort(d.day),
    sent: d.sent,
    read: d.read,
    replied: d.replied,
  }));
  const series = fields.map((name) => ({ name, ...SERIES[name] }));
  const sum = (field: DayField) => days.reduce((total, d) => total + d[field], 0);
  const empty = !days.length || days.every((d) => fields.every((f) => d[f] === 0));
  const summary = days.length
    ? interpolate(T.chartSummary, {
        title,
        first: formatDayLong(days[0]!.day),
        last: formatDayLong(days[days.length - 1]!.day),
        sent: formatCount(sum('sent')),
        read: formatCount(sum('read')),
        replied: formatCount(sum('replied')),
      })
    : '';
  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey: 'label',
    series,
    valueFormatter: formatCount,
    yAxisProps: { width: 48, allowDecimals: false },
    gridAxis: 'y' as const,
    tickLine: 'none' as const,
    withLegend: true,
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" data-testid="report-chart">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" fw={650}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {days.length ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={showTable ? <IconTableOff size={16} /> : <IconTable size={16} />}
            onClick={() => setShowTable((shown) => !shown)}
            aria-expanded={showTable}
            aria-controls={tableId}
            style={{ flexShrink: 0 }}
            data-testid="report-chart-table-toggle"
          >
            {showTable ? T.hideTable : T.showTable}
          </Button>
        ) : null}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" py="xl" ta="center" data-testid="report-chart-empty">
          {T.chartEmpty}
        </Text>
      ) : (
        <Box role="img" aria-label={summary} data-testid="report-chart-drawing">
          {/* lines or bars, not an area: Mantine's AreaChart draws nothing with recharts 2 on React 19 */}
          {kind === 'line' ? (
            <LineChart {...common} curveType="monotone" withDots={false} strokeWidth={2} />
          ) : (
            <BarChart {...common} maxBarWidth={24} />
          )}
        </Box>
      )}
      <Box id={tableId}>
        {showTable ? (
          <Table.ScrollContainer minWidth={280} mt="md">
            <Table striped verticalSpacing={6} fz="sm" data-testid="report-chart-table">
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{T.colDay}</Table.Th>
                  {fields.map((f) => (
                    <Table.Th key={f} scope="col" ta="right">
                      {SERIES[f].label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((d) => (
                  <Table.Tr key={d.day}>
                    <Table.Th scope="row" fw={400}>
                      {formatDayLong(d.day)}
                    </Table.Th>
                    {fields.map((f) => (
                      <Table.Td key={f} ta="right">
                        {formatCount(d[f])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Box>
    </Card>
  );
}
