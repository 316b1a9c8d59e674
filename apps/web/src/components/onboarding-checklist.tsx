import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  List,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ONBOARDING_MESSAGES as M, type OnboardingState, type OnboardingStep } from '@sapa/contracts';

/** Where each step is done. */
const STEPS: Record<OnboardingStep, { label: string; hint: string; to: string }> = {
  whatsapp: { label: M.whatsapp, hint: M.whatsappHint, to: '/user/integration/whatsapp' },
  agent: { label: M.agent, hint: M.agentHint, to: '/user/agent' },
  template: { label: M.template, hint: M.templateHint, to: '/user/setting/chat-template' },
  contacts: { label: M.contacts, hint: M.contactsHint, to: '/user/contact/broadcast' },
};

export interface OnboardingChecklistProps {
  state: OnboardingState;
  onDismiss: () => void;
  dismissing: boolean;
}

/**
 * The first-run checklist (issue 21): four steps that tick themselves from the tenant's data, each a
 * link to where it is done, with the progress and a button that hides it for good.
 */
export function OnboardingChecklist({ state, onDismiss, dismissing }: OnboardingChecklistProps) {
  const progress = M.progress.replace('{done}', String(state.done)).replace('{total}', String(state.total));
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      w="100%"
      maw={480}
      ta="left"
      component="section"
      style={{ flexShrink: 0 }}
      aria-labelledby="onboarding-title"
      data-testid="onboarding"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} fz="h4" id="onboarding-title">
          {M.title}
        </Title>
        <Tooltip label={M.dismiss}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onDismiss}
            loading={dismissing}
            aria-label={M.dismissLabel}
            data-testid="onboarding-dismiss"
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="sm" c="dimmed" mb={6} data-testid="onboarding-progress">
        {progress}
      </Text>
      <Progress value={(state.done / Math.max(1, state.total)) * 100} aria-label={progress} mb="md" />
      <List spacing="sm" listStyleType="none" p={0} m={0}>
        {state.steps.map(({ key, done }) => (
          <List.Item
            key={key}
            data-testid={`onboarding-step-${key}`}
            data-done={done}
            icon={
              <ThemeIcon
                size={24}
                radius="xl"
                color={done ? 'green' : 'gray'}
                variant={done ? 'filled' : 'light'}
              >
                {done ? <IconCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Stack gap={0}>
              <Anchor
                component={Link}
                to={STEPS[key].to}
                fw={600}
                size="sm"
                td={done ? 'line-through' : undefined}
              >
                {STEPS[key].label}
                {done ? <VisuallyHidden>{` (${M.stepDone})`}</VisuallyHidden> : null}
              </Anchor>
              <Text size="xs" c="dimmed">
                {STEPS[key].hint}
              </Text>
            </Stack>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
