import { useState } from 'react';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { CHAT_STRINGS } from './chat-strings';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;
// Dismissed for this page load only; asking again after a reload is polite enough.
let dismissed = false;

/** Asks for notification permission only when the user chooses to (never on load). */
export function NotificationPrompt() {
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'denied'));
  const [hidden, setHidden] = useState(dismissed);
  if (permission !== 'default' || hidden) return null;
  return (
    <Group gap="xs" wrap="nowrap" className="sapa-notify-prompt" data-testid="notification-prompt">
      <IconBell size={16} stroke={1.8} aria-hidden />
      <Text size="xs" style={{ flex: 1 }}>
        {CHAT_STRINGS.notifyPrompt}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => {
          void Notification.requestPermission().then(setPermission);
        }}
      >
        Aktifkan
      </Button>
      <CloseButton
        size="sm"
        aria-label="Tutup pengingat notifikasi"
        onClick={() => {
          dismissed = true;
          setHidden(true);
        }}
      />
    </Group>
  );
}
