import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { CHAT_STRINGS } from './chat-strings';
import { SandboxLink } from './sandbox-link';

/** The right pane while no chat is open. */
export function ChatEmptyPane() {
  return (
    <Stack align="center" justify="center" gap="sm" h="100%" p="xl" ta="center" data-testid="chat-empty-pane">
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
