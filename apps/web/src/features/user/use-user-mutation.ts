import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@sapa/contracts';
import { PROFILE_KEY } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session-store';

export interface UserMutationOptions<Output> {
  /** Runs before the new profile is stored: the page may be left right after (e.g. the guard moves on). */
  onSuccess?: (output: Output) => void;
  onError?: (error: unknown) => void;
}

/**
 * A mutation whose answer carries the fresh profile: it replaces the session's profile and the
 * cached query, so flags like needVerification re-run the route guard at once. Callbacks are
 * given here rather than to `mutate`, because `mutate`'s own callbacks are dropped once the page
 * that called it has unmounted.
 */
export function useUserMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  pickUser: (output: Output) => UserProfile,
  options: UserMutationOptions<Output> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (output) => {
      options.onSuccess?.(output);
      const user = pickUser(output);
      queryClient.setQueryData(PROFILE_KEY, user);
      sessionStore.setUser(user);
    },
    onError: (error) => options.onError?.(error),
  });
}
