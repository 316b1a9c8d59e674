import { useQuery } from '@tanstack/react-query';
import type { OnboardingState } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen } from '../../lib/query-hooks';

/** Query keys of the first-run checklist, under ['onboarding']. */
export const onboardingKeys = {
  all: () => ['onboarding'] as const,
};

/**
 * GET /onboarding: the owner's first-run checklist (agents never ask: the route is owner only). Read
 * again whenever the inbox's empty pane shows or the tab comes back, so a step done elsewhere ticks.
 */
export function useOnboarding(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.all(),
    queryFn: ({ signal }) => api.get<OnboardingState>('/onboarding', undefined, signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** PUT /onboarding/dismiss: hidden for good. */
export function useDismissOnboarding() {
  return useMutationThen(
    () => api.put<OnboardingState>('/onboarding/dismiss', {}),
    (queryClient, state) => queryClient.setQueryData(onboardingKeys.all(), state),
  );
}
