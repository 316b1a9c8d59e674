import { useEffect, useState } from 'react';
import { CloseButton, Group, Paper, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { ActiveToast } from './toast-provider';

const LOOK = {
  success: { color: 'teal', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconCircleX },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  info: { color: 'blue', Icon: IconInfoCircle },
} as const;

const TICK_MS = 50;

/** One toast: a progress bar counts down from 100 over its timeout, then it closes (spec §4). */
export function ToastView({ toast, onClose }: { toast: ActiveToast; onClose: (id: number) => void }) {
  const [progress, setProgress] = useState(100);
  const { color, Icon } = LOOK[toast.type];

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.max(0, 100 - ((Date.now() - started) / toast.timeout) * 100);
      setProgress(left);
      if (left <= 0) {
        window.clearInterval(timer);
        onClose(toast.id);
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [toast.id, toast.timeout, onClose]);

  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <Paper
      className="sapa-toast"
      data-testid="toast"
      data-type={toast.type}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      shadow="lg"
      radius="md"
      withBorder
    >
      <Group wrap="nowrap" align="flex-start" gap="sm" p="sm" pb="xs">
        <ThemeIcon color={color} variant="light" radius="xl" size="md" aria-hidden>
          <Icon size={18} stroke={1.8} />
        </ThemeIcon>
        <div className="sapa-toast-body">
          <Text fw={600} size="sm" data-testid="toast-title">
            {toast.title}
          </Text>
          <Text size="sm" c="dimmed" data-testid="toast-message">
            {toast.message}
          </Text>
        </div>
        <CloseButton size="sm" aria-label="Tutup notifikasi" onClick={() => onClose(toast.id)} />
      </Group>
      <Progress
        data-testid="toast-progress"
        value={progress}
        color={color}
        size={3}
        radius={0}
        transitionDuration={TICK_MS}
        aria-label="Sisa waktu notifikasi"
      />
    </Paper>
  );
}
