import { useQueryClient } from '@tanstack/react-query';
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
 * see nothing and ask nothing (the route is the owner's).
 */
export function FirstRunChecklist() {
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
  return (
    <OnboardingChecklist state={state} onDismiss={() => dismiss.mutate()} dismissing={dismiss.isPending} />
  );
}
