import type { ReactNode } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { MONTHS_ID, t, WEB_MESSAGES } from '@sapa/contracts';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import type { ReportPeriod } from '../../resources/report/report-queries';
import { REPORT_TEXT as T } from './report-strings';

/** Month and year of a report (spec §9 year options); a change replaces the period in the address. */
export function PeriodPicker({
  period,
  years,
  onChange,
}: {
  period: ReportPeriod;
  years: readonly number[];
  onChange: (period: ReportPeriod) => void;
}) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', maxWidth: 360 }}>
      <Select
        label={T.month}
        data={MONTHS_ID.map((name, i) => ({ value: String(i + 1), label: name }))}
        value={String(period.month)}
        onChange={(value) => value && onChange({ ...period, month: Number(value) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 3 }}
        data-testid="report-month"
      />
      <Select
        label={T.year}
        data={years.map(String)}
        value={String(period.year)}
        onChange={(value) => value && onChange({ ...period, year: Number(value) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 2 }}
        data-testid="report-year"
      />
    </Group>
  );
}

/** 'Ekspor .xlsx': downloads the report's rows with the session token; a failure toasts why. */
export function ExportButton({
  run,
  testId = 'report-export',
}: {
  run: () => Promise<void>;
  testId?: string;
}) {
  const toast = useToast();
  const exporter = useMutation({ mutationFn: run });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exporter.isPending}
      onClick={() =>
        exporter.mutate(undefined, {
          onError: (error) =>
            toast.show({
              title: t('common.failed'),
              message: errorMessage(error, T.exportFailed),
              type: 'error',
            }),
        })
      }
      data-testid={testId}
    >
      {T.export}
    </Button>
  );
}

/**
 * A report that did not load: an agent the owner has not allowed reads why, calmly (the API answers
 * 403); anything else offers 'Coba Lagi'.
 */
export function ReportFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403)
    return (
      <Paper withBorder radius="md">
        <EmptyState
          icon={IconLock}
          title={T.forbiddenTitle}
          hint={`${errorMessage(error, WEB_MESSAGES.unexpectedError)}. ${T.forbiddenHint}`}
          testId="report-forbidden"
        />
      </Paper>
    );
  return (
    <Paper withBorder radius="md">
      <LoadFailed text={T.loadFailed} onRetry={onRetry} testId="report-failed" />
    </Paper>
  );
}

/** The shape of a report while it loads: figure cards, a chart and a table. */
export function ReportSkeleton({ cards = 7 }: { cards?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={T.loading} data-testid="report-loading">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} height={76} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={260} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

/** A figure card: what it counts, the number, and a rate under it. */
export function FigureCard({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" data-testid={`${testId}-rate`}>
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}
