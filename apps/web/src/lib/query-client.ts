import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';

/** Client errors (4xx) are answers, not glitches: only network and server failures are retried once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one server cache. It lives in the signed-in areas' chunks (not on /login), and is
 * emptied whenever the session ends so no data outlives a logout or a 401.
 */
export const queryClient = createQueryClient();

sessionStore.subscribe(() => {
  if (!sessionStore.get()) queryClient.clear();
});
