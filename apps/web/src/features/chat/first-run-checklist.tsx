import { OnboardingChecklist } from '../../components/onboarding-checklist';
import { useSession } from '../../lib/use-session';
import { useDismissOnboarding, useOnboarding } from '../../resources/onboarding/onboarding-queries';

/**
 * A new owner's first-run checklist (issue 21), until it is dismissed or every step is done; agents
 * see nothing and ask nothing (the route is the owner's).
 */
export function FirstRunChecklist() {
  const owner = !useSession()?.agent;
  const onboarding = useOnboarding(owner);
  const dismiss = useDismissOnboarding();
  const state = onboarding.data;
  if (!owner || !state || state.dismissed || state.done >= state.total) return null;
  return (
    <OnboardingChecklist state={state} onDismiss={() => dismiss.mutate()} dismissing={dismiss.isPending} />
  );
}
