import '@mantine/charts/styles.css';
import { useId, useState, type ReactNode } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import { formatRupiah, interpolate, type AdminDashboard } from '@sapa/contracts';
import { formatCount, formatDay, formatDayLong, formatMonth, formatRupiahShort } from './dashboard-format';
import { DASHBOARD_TEXT as T } from './dashboard-strings';

const CHART_HEIGHT = 240;

interface ChartCardProps {
  title: string;
  hint: string;
  /** what the chart shows, for screen readers (the table holds every figure) */
  summary: string;
  empty: boolean;
  columns: readonly [string, string];
  rows: readonly { key: string; label: string; value: string }[];
  testId: string;
  children: ReactNode;
}

/**
 * A chart with its figures as a table to show on demand: the accessible alternative (the chart is
 * one image to assistive technology, named by `summary`) and the exact numbers at any width.
 */
function ChartCard({ title, hint, summary, empty, columns, rows, testId, children }: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="md" fw={650}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {empty ? null : (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={showTable ? <IconTableOff size={16} /> : <IconTable size={16} />}
            onClick={() => setShowTable((shown) => !shown)}
            aria-expanded={showTable}
            aria-controls={tableId}
            style={{ flexShrink: 0 }}
            data-testid={`${testId}-table-toggle`}
          >
            {showTable ? T.hideTable : T.showTable}
          </Button>
        )}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {T.noData}
        </Text>
      ) : (
        <Box role="img" aria-label={summary} data-testid={`${testId}-chart`}>
          {children}
        </Box>
      )}
      <Box id={tableId}>
        {showTable ? (
          <Table.ScrollContainer minWidth={260} mt="md">
            <Table striped verticalSpacing={6} fz="sm" data-testid={`${testId}-table`}>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{columns[0]}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {columns[1]}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row" fw={400}>
                      {row.label}
                    </Table.Th>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {row.value}
                    </Table.Td>
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

/** Paid revenue of the last 12 months, oldest first: bars, and the table by month. */
export function RevenueChart({ months }: { months: AdminDashboard['revenue']['months'] }) {
  const data = months.map((m) => ({ label: formatMonth(m.month), total: m.total }));
  const total = months.reduce((sum, m) => sum + m.total, 0);
  const summary = months.length
    ? interpolate(T.revenueSummary, {
        first: formatMonth(months[0]!.month, true),
        last: formatMonth(months[months.length - 1]!.month, true),
        total: formatRupiah(total),
      })
    : '';
  return (
    <ChartCard
      title={T.revenueChart}
      hint={T.revenueChartHint}
      summary={summary}
      empty={!months.length}
      columns={[T.colMonth, T.colRevenue]}
      rows={months.map((m) => ({
        key: m.month,
        label: formatMonth(m.month, true),
        value: formatRupiah(m.total),
      }))}
      testId="revenue"
    >
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="label"
        series={[{ name: 'total', label: T.revenueSeries, color: 'brand.7' }]}
        valueFormatter={formatRupiah}
        yAxisProps={{ width: 76, tickFormatter: formatRupiahShort }}
        gridAxis="y"
        tickLine="none"
        maxBarWidth={32}
      />
    </ChartCard>
  );
}

/** Messages stored on each of the last 30 Jakarta days, oldest first: a line, and the table by day. */
export function MessagesChart({ days }: { days: AdminDashboard['messagesPerDay'] }) {
  const data = days.map((d) => ({ label: formatDay(d.day), count: d.count }));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const summary = days.length
    ? interpolate(T.messagesSummary, {
        first: formatDayLong(days[0]!.day),
        last: formatDayLong(days[days.length - 1]!.day),
        total: formatCount(total),
      })
    : '';
  return (
    <ChartCard
      title={T.messagesChart}
      hint={T.messagesChartHint}
      summary={summary}
      empty={!days.length}
      columns={[T.colDay, T.colMessages]}
      rows={days.map((d) => ({ key: d.day, label: formatDayLong(d.day), value: formatCount(d.count) }))}
      testId="messages"
    >
      {/* a line, not an area: Mantine's AreaChart wraps its series in fragments that recharts 2 on
          React 19 does not see through (react-is 18), so its areas would not draw */}
      <LineChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="label"
        series={[{ name: 'count', label: T.messagesSeries, color: 'blue.7' }]}
        valueFormatter={formatCount}
        yAxisProps={{ width: 48, allowDecimals: false }}
        gridAxis="y"
        tickLine="none"
        curveType="monotone"
        withDots={false}
        strokeWidth={2}
      />
    </ChartCard>
  );
}
