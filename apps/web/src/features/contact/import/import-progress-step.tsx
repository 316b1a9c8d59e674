import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconPlayerStop,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { importPercent, t, type ContactImport, WEB_MESSAGES, interpolate } from '@sapa/contracts';
import { FormAlert } from '../../../components/form-alert';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { CONTACT_TEXT, formatCount } from '../contact-strings';
import { cancelImport, downloadRefused } from './import-api';
import { IMPORT_TEXT } from './import-strings';

const STATS = [
  { key: 'added', label: IMPORT_TEXT.added, color: 'teal' },
  { key: 'updated', label: IMPORT_TEXT.updated, color: 'blue' },
  { key: 'duplicates', label: IMPORT_TEXT.duplicates, color: 'gray' },
  { key: 'refused', label: IMPORT_TEXT.refused, color: 'red' },
] as const;

/** The four counts of an import: Ditambahkan, Diperbarui, Duplikat, Ditolak. */
export function ImportCounts({ item, phase }: { item: ContactImport; phase: 'progress' | 'summary' }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
      {STATS.map((stat) => (
        <Paper key={stat.key} withBorder radius="md" p="sm" className="sapa-import-stat">
          <Text size="xs" c="dimmed" fw={500}>
            {stat.label}
          </Text>
          <Text
            fw={700}
            fz="xl"
            c={item[stat.key] > 0 && stat.key === 'refused' ? 'red.7' : undefined}
            data-testid={`import-${phase}-${stat.key}`}
            data-value={item[stat.key]}
          >
            {formatCount(item[stat.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Step 3: the bar with its percent and 'x dari y baris', the counts as they grow, and 'Batalkan'
 * (asked once more). The modal may close meanwhile: the server carries on.
 */
export function ImportProgressStep({
  item,
  onChanged,
}: {
  item: ContactImport;
  onChanged: (item: ContactImport) => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({ mutationFn: () => cancelImport(item._id) });
  const percent = importPercent(item);

  return (
    <Stack gap="md" data-testid="import-step-progress" data-state={item.state}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm" aria-live="polite">
            {item.state === 'queued' ? IMPORT_TEXT.queued : IMPORT_TEXT.running}
          </Text>
          <Text fw={700} size="sm" data-testid="import-percent">
            {percent}%
          </Text>
        </Group>
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          striped
          animated
          aria-label={IMPORT_TEXT.running}
          data-testid="import-progress"
          data-value={percent}
        />
        <Text size="sm" c="dimmed" data-testid="import-progress-rows">
          {interpolate(IMPORT_TEXT.progressRows, {
            done: formatCount(item.processedRows),
            total: formatCount(item.totalRows),
          })}
        </Text>
      </Stack>
      <ImportCounts item={item} phase="progress" />
      <Text size="xs" c="dimmed">
        {IMPORT_TEXT.keepsRunning}
      </Text>
      {cancel.isError ? (
        <FormAlert message={errorMessage(cancel.error, WEB_MESSAGES.unexpectedError)} />
      ) : null}
      {asking ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="import-cancel-ask"
        >
          <Stack gap="sm">
            <Text size="sm">{IMPORT_TEXT.cancelQuestion}</Text>
            <Group gap="xs" justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setAsking(false)} data-autofocus>
                {IMPORT_TEXT.cancelNo}
              </Button>
              <Button
                color="red"
                size="xs"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: (next) => {
                      setAsking(false);
                      onChanged(next);
                    },
                  })
                }
                data-testid="import-cancel-confirm"
              >
                {IMPORT_TEXT.cancelYes}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button
            variant="default"
            color="red"
            leftSection={<IconPlayerStop size={16} />}
            onClick={() => setAsking(true)}
            data-testid="import-cancel"
          >
            {IMPORT_TEXT.cancelImport}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const ENDINGS = {
  done: { title: IMPORT_TEXT.doneTitle, color: 'teal', Icon: IconCircleCheck },
  cancelled: { title: IMPORT_TEXT.cancelledTitle, color: 'orange', Icon: IconAlertTriangle },
  failed: { title: IMPORT_TEXT.failedTitle, color: 'red', Icon: IconCircleX },
} as const;

/**
 * Step 4: how it ended and the counts; the refused rows to download when there are any, and
 * 'Lihat Grup'.
 */
export function ImportSummaryStep({
  item,
  onViewGroup,
  onAgain,
  onClose,
}: {
  item: ContactImport;
  onViewGroup: (groupId: string) => void;
  onAgain: () => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const ending = ENDINGS[item.state === 'done' || item.state === 'cancelled' ? item.state : 'failed'];
  const refused = useMutation({ mutationFn: () => downloadRefused(item) });

  return (
    <Stack gap="md" data-testid="import-step-summary" data-state={item.state}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color={ending.color} aria-hidden>
          <ending.Icon size={24} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={4} fz="lg" data-testid="import-summary-title">
            {ending.title}
          </Title>
          {item.group ? (
            <Text size="sm" c="dimmed" data-testid="import-summary-body">
              {interpolate(IMPORT_TEXT.doneBody, {
                done: formatCount(item.processedRows),
                total: formatCount(item.totalRows),
                group: item.group.name,
              })}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {item.state === 'failed' ? (
        <div data-testid="import-summary-error">
          <FormAlert message={item.error || IMPORT_TEXT.failedTitle} />
        </div>
      ) : null}
      <ImportCounts item={item} phase="summary" />
      {item.refused > 0 ? (
        <Paper withBorder radius="md" p="sm" className="sapa-import-refused">
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 220px' }}>
              {IMPORT_TEXT.refusedHint}
            </Text>
            <Button
              variant="light"
              color="red"
              leftSection={<IconDownload size={16} />}
              loading={refused.isPending}
              onClick={() =>
                refused.mutate(undefined, {
                  onError: (error) =>
                    toast.show({
                      title: t('common.failed'),
                      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
                      type: 'error',
                    }),
                })
              }
              data-testid="import-refused-download"
            >
              {IMPORT_TEXT.downloadRefused}
            </Button>
          </Group>
        </Paper>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAgain} data-testid="import-again">
          {IMPORT_TEXT.importAgain}
        </Button>
        <Button variant="default" onClick={onClose} data-testid="import-close">
          {CONTACT_TEXT.close}
        </Button>
        {item.group ? (
          <Button
            leftSection={<IconUsersGroup size={16} />}
            onClick={() => onViewGroup(item.group!._id)}
            data-testid="import-view-group"
          >
            {IMPORT_TEXT.viewGroup}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
