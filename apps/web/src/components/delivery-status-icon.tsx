import { Loader } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { statusLabel, type MessageStatus } from '@sapa/contracts';

/** statusLabel() (spec §4) has no word for pending; its icon is named with this. */
const SENDING = 'Mengirim';

/** The spoken name of a delivery status: statusLabel(), and 'Mengirim' for pending. */
export function deliveryLabel(status: MessageStatus): string {
  return status === 'pending' ? SENDING : statusLabel(status);
}

const COLOR: Partial<Record<MessageStatus, string>> = {
  read: 'var(--mantine-color-blue-6)',
  error: 'var(--mantine-color-red-7)',
};

/**
 * spec §4 'Message delivery status': pending, sent and error have their own icons, every other
 * state is a double tick, blue when read. Bubbles show pending as a spinner, lists as a clock.
 */
export function DeliveryStatusIcon({
  status,
  size = 15,
  spinner = false,
}: {
  status: MessageStatus;
  size?: number;
  spinner?: boolean;
}) {
  const label = deliveryLabel(status);
  let icon;
  if (status === 'pending') {
    icon = spinner ? <Loader size={size - 4} color="gray" /> : <IconClock size={size} stroke={1.8} />;
  } else if (status === 'sent') icon = <IconCheck size={size} stroke={2} />;
  else if (status === 'error') icon = <IconAlertCircle size={size} stroke={2} />;
  else icon = <IconChecks size={size} stroke={2} />;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="delivery-status"
      data-status={status}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        flexShrink: 0,
        color: COLOR[status] ?? 'var(--mantine-color-gray-6)',
      }}
    >
      {icon}
    </span>
  );
}
