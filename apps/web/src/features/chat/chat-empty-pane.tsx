import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { OnboardingChecklist } from '../../components/onboarding-checklist';
import { useSession } from '../../lib/use-session';
import { useDismissOnboarding, useOnboarding } from '../../resources/onboarding/onboarding-queries';
import { CHAT_STRINGS } from './chat-strings';
import { SandboxLink } from './sandbox-link';

/** A new owner's first-run checklist (issue 21), until it is dismissed or every step is done. */
function FirstRun() {
  const owner = !useSession()?.agent;
  const onboarding = useOnboarding(owner);
  const dismiss = useDismissOnboarding();
  const state = onboarding.data;
  if (!owner || !state || state.dismissed || state.done >= state.total) return null;
  return (
    <OnboardingChecklist state={state} onDismiss={() => dismiss.mutate()} dismissing={dismiss.isPending} />
  );
}

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
      <FirstRun />
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
