import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@sapa/contracts';
import { sessionStore } from '../../lib/session-store';
import { PROFILE_KEY } from './use-profile-query';

/**
 * A mutation whose answer carries the fresh profile: it replaces the session's profile and the
 * cached query, so flags like needVerification re-run the route guard at once.
 */
export function useUserMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  pickUser: (output: Output) => UserProfile,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (output) => {
      const user = pickUser(output);
      queryClient.setQueryData(PROFILE_KEY, user);
      sessionStore.setUser(user);
    },
  });
}
