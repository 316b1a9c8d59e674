import { Alert, Box, List, Loader, Paper, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconUsers } from '@tabler/icons-react';
import { formatPhone, interpolate, type BroadcastMessage, type BroadcastPreview } from '@sapa/contracts';
import { mediaBody } from '../../components/bubbles/media-body';
import { formatCount, formatEstimate } from './publication-format';
import { PUB_TEXT } from './publication-strings';
import './publication.css';

/** A message as a WhatsApp bubble on the chat background: the media (if any) and the text under it. */
export function MessageBubble({ message, testId }: { message: BroadcastMessage; testId?: string }) {
  const caption = message.text ? <div>{message.text}</div> : null;
  const media = message.type === 'text' ? null : mediaBody(message, caption);
  return (
    <div className="sapa-pub-chat-bg">
      <div className="sapa-pub-bubble" data-testid={testId} style={{ textAlign: 'left' }}>
        {media ??
          (message.text || (
            <Text span c="dimmed" size="sm">
              …
            </Text>
          ))}
      </div>
    </div>
  );
}

/** 'Baris 3, 7 dan 9' for the invalid lines (at most ten listed). */
function linesText(lines: number[]): string {
  const shown = lines.slice(0, 10).map(String);
  const more = lines.length > 10 ? `, +${lines.length - 10}` : '';
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} dan ${shown.at(-1)}${more}`;
}

/**
 * What the server says of the chosen recipients (POST /publication/broadcast/preview): how many get
 * it, duplicates and opted-out numbers left out, invalid lines, the cold-contact warning and how long
 * sending takes.
 */
export function RecipientSummary({
  preview,
  loading,
  failed,
  hasRecipients,
}: {
  preview: BroadcastPreview | undefined;
  loading: boolean;
  failed: boolean;
  hasRecipients: boolean;
}) {
  if (!hasRecipients) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="broadcast-summary"
      aria-live="polite"
      aria-busy={loading}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {PUB_TEXT.summaryHeading}
        </Title>
        {loading ? <Loader size="xs" aria-label={PUB_TEXT.summaryLoading} /> : null}
      </Group>
      {failed && !preview ? (
        <Text size="sm" c="red.8">
          {PUB_TEXT.summaryFailed}
        </Text>
      ) : !preview ? (
        <Text size="sm" c="dimmed">
          {PUB_TEXT.summaryLoading}
        </Text>
      ) : (
        <Stack gap="sm">
          <List spacing={4} size="sm" icon={<IconUsers size={14} aria-hidden />}>
            <List.Item data-testid="summary-recipients">
              <Text span fw={700}>
                {interpolate(PUB_TEXT.summaryRecipients, { count: formatCount(preview.recipients) })}
              </Text>
            </List.Item>
            {preview.duplicates > 0 ? (
              <List.Item data-testid="summary-duplicates">
                {interpolate(PUB_TEXT.summaryDuplicates, { count: formatCount(preview.duplicates) })}
              </List.Item>
            ) : null}
            {preview.optedOut > 0 ? (
              <List.Item data-testid="summary-opted-out">
                {interpolate(PUB_TEXT.summaryOptedOut, { count: formatCount(preview.optedOut) })}
              </List.Item>
            ) : null}
          </List>
          {preview.invalidLines.length ? (
            <Text size="sm" c="red.8" data-testid="summary-invalid">
              {interpolate(PUB_TEXT.summaryInvalid, { lines: linesText(preview.invalidLines) })}
            </Text>
          ) : null}
          {preview.cold > 0 ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="summary-cold"
              styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
            >
              {interpolate(PUB_TEXT.coldWarning, { count: formatCount(preview.cold) })}
            </Alert>
          ) : null}
          {preview.recipients > 0 ? (
            <Box>
              <Group gap={6} wrap="nowrap">
                <IconClock size={16} aria-hidden />
                <Text size="sm" data-testid="summary-estimate">
                  {interpolate(PUB_TEXT.summaryEstimate, {
                    duration: formatEstimate(preview.estimatedSeconds),
                  })}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mt={2}>
                {PUB_TEXT.summaryEstimateNote}
              </Text>
            </Box>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

/** The live preview: the bubble as the sample recipient will see it. */
export function BubblePreview({
  message,
  sample,
}: {
  message: BroadcastMessage;
  sample: BroadcastPreview['sample'] | undefined;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="broadcast-preview">
      <Title order={3} fz="md" mb={4}>
        {PUB_TEXT.previewHeading}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" data-testid="preview-for">
        {sample
          ? interpolate(PUB_TEXT.previewFor, { name: sample.name || formatPhone(sample.phoneNumber) })
          : PUB_TEXT.previewEmpty}
      </Text>
      <MessageBubble message={message} testId="preview-bubble" />
    </Paper>
  );
}
