import { Paper, Progress, SimpleGrid, Stack, Group, Text, Title } from '@mantine/core';
import { interpolate, type ReportFigures as Figures } from '@sapa/contracts';
import { formatCount } from './report-format';
import { FigureCard } from './report-parts';
import { REPORT_TEXT as T } from './report-strings';

/**
 * The figure cards of a report (one broadcast's or a period's): recipients, sent, delivered, read,
 * replied, failed and opted out, each rate as the server computed it (of the sent for delivered, read
 * and replied; of the recipients for failed and opted out).
 */
export function FigureCards({ figures }: { figures: Figures }) {
  const { counts, rates } = figures;
  const ofSent = (rate: number) => interpolate(T.rateOfSent, { rate });
  const ofTotal = (rate: number) => interpolate(T.rateOfTotal, { rate });
  const items = [
    { key: 'total', label: T.figureTotal, value: counts.total },
    { key: 'sent', label: T.figureSent, value: counts.sent },
    { key: 'delivered', label: T.figureDelivered, value: counts.delivered, note: ofSent(rates.delivered) },
    { key: 'read', label: T.figureRead, value: counts.read, note: ofSent(rates.read) },
    { key: 'replied', label: T.figureReplied, value: counts.replied, note: ofSent(rates.replied) },
    { key: 'failed', label: T.figureFailed, value: counts.failed, note: ofTotal(rates.failed) },
    { key: 'optedOut', label: T.figureOptedOut, value: counts.optedOut, note: ofTotal(rates.optedOut) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 7 }} spacing="sm" data-testid="report-figures">
      {items.map((item) => (
        <FigureCard
          key={item.key}
          label={item.label}
          value={formatCount(item.value)}
          note={item.note}
          testId={`figure-${item.key}`}
        />
      ))}
    </SimpleGrid>
  );
}

/** Failed recipients by reason, most first, each with a bar of its share of the failures. */
export function FailureReasons({ reasons }: { reasons: Figures['failureReasons'] }) {
  const total = reasons.reduce((sum, r) => sum + r.count, 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="failure-reasons">
      <Title order={2} fz="md" fw={650} mb="sm">
        {T.failuresHeading}
      </Title>
      {reasons.length ? (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {reasons.map((r) => (
            <li key={r.reason} data-testid="failure-reason">
              <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.reason}
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="failure-count">
                  {formatCount(r.count)}
                </Text>
              </Group>
              <Progress
                value={total ? (r.count / total) * 100 : 0}
                color="red.7"
                size="sm"
                mt={4}
                aria-hidden
              />
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="failure-none">
          {T.failuresEmpty}
        </Text>
      )}
    </Paper>
  );
}
