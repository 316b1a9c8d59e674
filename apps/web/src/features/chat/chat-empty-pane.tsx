import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { CHAT_STRINGS } from './chat-strings';
import { FirstRunChecklist } from './first-run-checklist';
import { SandboxLink } from './sandbox-link';

/** The right pane while no chat is open. */
export function ChatEmptyPane() {
  return (
    <Stack
      align="center"
      justify="safe center"
      gap="sm"
      h="100%"
      p="xl"
      ta="center"
      style={{ overflowY: 'auto' }}
      data-testid="chat-empty-pane"
    >
      <FirstRunChecklist />
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconMessages size={32} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600} size="lg">
        {CHAT_STRINGS.pickOne}
      </Text>
      <Text c="dimmed" size="sm" maw={360}>
        {CHAT_STRINGS.pickOneHint}
      </Text>
      <SandboxLink />
    </Stack>
  );
}
