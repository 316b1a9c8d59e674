import { useState } from 'react';
import { Button, Drawer, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ONBOARDING_MESSAGES as M } from '@sapa/contracts';
import { OnboardingChecklist } from '../../components/onboarding-checklist';
import { useRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/use-session';
import {
  onboardingKeys,
  useDismissOnboarding,
  useOnboarding,
} from '../../resources/onboarding/onboarding-queries';

/**
 * A new owner's first-run checklist (issue 21), until it is dismissed or every step is done; agents
 * see nothing and ask nothing (the route is the owner's). `compact` is the phone's form above the
 * chat list: one line with the progress and 'Lihat langkah', which opens the whole checklist in a
 * drawer from the bottom (the list keeps the screen).
 */
export function FirstRunChecklist({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const owner = !useSession()?.agent;
  const onboarding = useOnboarding(owner);
  const dismiss = useDismissOnboarding();
  const state = onboarding.data;
  const queryClient = useQueryClient();
  const waiting = !!state && !state.dismissed && !state.steps.find((s) => s.key === 'whatsapp')?.done;
  // the first conversation (a sandbox try) or a linked number ticks the first step while it shows
  useRealtime({
    onEvent: (event) => {
      if (waiting && (event.type === 'message.created' || event.type === 'account.updated'))
        void queryClient.invalidateQueries({ queryKey: onboardingKeys.all() });
    },
  });
  if (!owner || !state || state.dismissed || state.done >= state.total) return null;
  const checklist = (
    <OnboardingChecklist state={state} onDismiss={() => dismiss.mutate()} dismissing={dismiss.isPending} />
  );
  if (!compact) return checklist;
  const progress = M.progress.replace('{done}', String(state.done)).replace('{total}', String(state.total));
  return (
    <>
      <Paper withBorder radius="md" px="sm" py={8} data-testid="onboarding-compact">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {M.title}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Progress value={(state.done / Math.max(1, state.total)) * 100} w={64} aria-hidden />
              <Text size="xs" c="dimmed" data-testid="onboarding-compact-progress">
                {progress}
              </Text>
            </Group>
          </Stack>
          <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
            {M.show}
          </Button>
        </Group>
      </Paper>
      {/* the parts, so the dialog itself carries the name (the Drawer's own props land on its root) */}
      <Drawer.Root opened={open} onClose={() => setOpen(false)} position="bottom" size="auto">
        <Drawer.Overlay />
        <Drawer.Content aria-label={M.title}>
          <Drawer.Body p="sm">{checklist}</Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
