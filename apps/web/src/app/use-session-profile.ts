import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { sessionStore } from '../lib/session-store';

/** A profile the page received this recently (sign-in, verification) counts as loaded. */
const FRESH_MS = 30_000;

/**
 * spec §4 'Session': the profile behind a protected area, loaded before its first screen and
 * refreshed on later navigations; a failed load ends the session and goes to /login. Shared by the
 * user area (GET /user) and the admin area (GET /admin).
 */
export function useSessionProfile<P>(options: {
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<P>;
  enabled: boolean;
  /** The profile stored with the session, if any. */
  stored: P | undefined;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setAt = sessionStore.setAt();
  const fresh = options.stored && Date.now() - setAt < FRESH_MS ? options.stored : undefined;
  const profile = useQuery({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => options.fetch(signal),
    enabled: options.enabled,
    initialData: fresh,
    initialDataUpdatedAt: fresh ? setAt : undefined,
    retry: false,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: options.queryKey, stale: true, type: 'active' },
      { cancelRefetch: false },
    );
    // the key is stable per caller; a navigation is what triggers the refresh
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, queryClient]);

  useEffect(() => {
    if (!profile.isError) return;
    sessionStore.clear();
    void navigate('/login', { replace: true });
  }, [profile.isError, navigate]);

  return profile;
}
