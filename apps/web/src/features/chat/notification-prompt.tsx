import { useState } from 'react';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { CHAT_STRINGS } from './chat-strings';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Where a dismissal is kept (issue 21): once closed, the prompt stays closed in this browser. */
export const NOTIFY_PROMPT_KEY = 'sapa.notify-prompt.dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(NOTIFY_PROMPT_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.localStorage.setItem(NOTIFY_PROMPT_KEY, '1');
  } catch {
    // no storage (private mode): closed for this page only
  }
}

/** Asks for notification permission only when the user chooses to (never on load). */
export function NotificationPrompt() {
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'denied'));
  const [hidden, setHidden] = useState(wasDismissed);
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
          rememberDismissed();
          setHidden(true);
        }}
      />
    </Group>
  );
}
