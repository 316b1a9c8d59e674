import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatTimeLeft, INTEGRATION_MESSAGES } from '@sapa/contracts';
import { useTimeLeft } from './reply-window';

/** Under two hours left the badge turns orange (issue 25). */
export const WINDOW_SOON_MS = 2 * 3_600_000;

const [PREFIX = '', SUFFIX = ''] = INTEGRATION_MESSAGES.windowOpen.split('{left}');

/**
 * The room header's 'Sisa waktu membalas: 5 jam 12 menit' for a chat whose reply window is open
 * (Instagram, Messenger, the WhatsApp Cloud API; issue 25), updated every minute, orange under two
 * hours. On phones the words before the time are only read out, to keep the header on one line.
 */
export function ReplyWindowBadge({ closesAt }: { closesAt: number }) {
  const left = useTimeLeft(closesAt);
  if (left <= 0) return null;
  const soon = left < WINDOW_SOON_MS;
  return (
    <Badge
      className="sapa-window-badge"
      component="span"
      role="timer"
      variant="light"
      color={soon ? 'orange' : 'gray'}
      size="md"
      radius="sm"
      tt="none"
      fw={500}
      leftSection={<IconClock size={12} stroke={2} aria-hidden />}
      data-soon={soon || undefined}
      data-testid="reply-window-badge"
    >
      <span className="sapa-window-badge-prefix">{PREFIX}</span>
      {formatTimeLeft(left)}
      {SUFFIX}
    </Badge>
  );
}
